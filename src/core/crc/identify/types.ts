/** The CRC search's request and report: plain data, so they cross to the worker and the API as they are. */
import type { CrcParams } from '../params';

/** How the CRC of a codeword is stored after the message: most or least significant byte first. */
export type ByteOrder = 'big' | 'little';

/** One captured sample: a message and its CRC, or (codeword mode) a whole codeword with the CRC appended. */
export interface IdentifySample {
  message: Uint8Array;
  /**
   * A bit stream (bits in the order sent): its length in bits, right-aligned in `message` (the
   * first byte's top bits zero). Absent: whole bytes. A codeword's CRC is then its last W bits.
   */
  bits?: number;
  /** The CRC (message mode): as the algorithm outputs it, or with `crcBits` its bits as sent. */
  crc?: bigint;
  /** Hex digits the CRC was written with: bounds the width when it is not fixed (message mode). */
  crcDigits?: number;
  /** The CRC was given as this many bits in the order sent, the first the most significant of `crc`. */
  crcBits?: number;
}

/** Parameters no number of samples can decide: refin for bit streams, refout for CRCs given as bits. */
export type Undecidable = 'refin' | 'refout';

/** Parameters the user already knows; the search only tries what they allow. */
export interface FixedParams {
  width?: number;
  poly?: bigint;
  refin?: boolean;
  refout?: boolean;
  init?: bigint;
  xorout?: bigint;
  byteOrder?: ByteOrder;
}

export interface IdentifyRequest {
  mode: 'message' | 'codeword';
  samples: IdentifySample[];
  fixed: FixedParams;
}

/** A parameter set that reproduces every sample. */
export interface CrcMatch {
  params: CrcParams;
  /** CRC of the ASCII bytes "123456789". */
  check: bigint;
  /** Catalogue names with these exact parameters (name, then aliases); empty for a custom CRC. */
  names: string[];
  /** Codeword mode: how the CRC was found stored (absent when it fits in one byte). */
  byteOrder?: ByteOrder;
  /** Codeword mode: the CRC is in the top bits of its bytes (a width that is not whole bytes). */
  leftAligned?: boolean;
  /**
   * Other init/xorout pairs that compute exactly the same CRC for every message (the polynomial
   * shares a factor with x^8 + 1); no sample can tell them apart, so they are not an ambiguity.
   */
  equivalents?: number;
}

/**
 * Parameter sets the samples cannot tell apart: one polynomial and reflection, `count` pairs of
 * init and xorout (too many to list). `example` is one of them.
 */
export interface CrcFamily {
  example: CrcParams;
  count: bigint;
  /** Catalogue algorithms inside the family (they reproduce the samples, but so do the others). */
  names: string[];
  byteOrder?: ByteOrder;
  leftAligned?: boolean;
}

export interface IdentifyReport {
  /** Catalogue algorithms first, then other parameter sets. */
  matches: CrcMatch[];
  families: CrcFamily[];
  /** Every parameter set that reproduces the samples: matches plus every family member. */
  remaining: bigint;
  /** What the samples lack to decide, in words ("Add a sample of a different length ..."). */
  missing: string[];
  /** More matches existed than are listed. */
  truncated: boolean;
  /** Widths searched (inclusive). */
  widths: [number, number];
  /** What the kind of samples leaves open (shown as the catalogue gives it, else refin = refout, refout false). */
  undecidable: Undecidable[];
  /**
   * When several sets remain (byte samples): a message for which each gives a different CRC, so
   * its CRC as one more sample decides (`missing` says so in words).
   */
  decider?: Uint8Array;
}

/** Progress: `done` of `total` steps. */
export type IdentifyProgress = (done: number, total: number) => void;
