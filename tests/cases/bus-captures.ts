/**
 * Protocol captures as a logic analyser records them (bits in the order sent, as strings of 0 and
 * 1), with CRCs computed here the way each specification states its algorithm, independently of
 * the Williams model and of the code under test:
 *
 * - CAN 2.0 (Bosch, part A 3.1.1 / part B 3.2.1): CRC-15 over the destuffed SOF, arbitration,
 *   control and data fields, the spec's pseudo-code (CRC_RG shifted left, xor 4599h), sent MSB first.
 * - USB 2.0 (8.3.5.1): CRC-5 over the 11 bits of a token or SOF (19 of a SPLIT token), the
 *   register preset to ones, the bits in the order sent (fields LSB first), the remainder
 *   complemented and sent from its top bit. The three token examples of the USB-IF white paper
 *   "Cyclic Redundancy Checks in USB" are published data and anchor the reference.
 * - SD/MMC (SD physical layer 4.5): CRC7 with G(x) = x^7 + x^3 + 1 over the first 40 bits of a
 *   command, register from 0; CMD0 and CMD8 with their well-known CRC bytes 0x95 and 0x87 anchor it.
 */
import { randomInt, type Random } from '../../src/core/random';

/** `v` as `n` bits, most significant first. */
export const msbFirst = (v: number | bigint, n: number): string =>
  Array.from({ length: n }, (_, i) => String((BigInt(v) >> BigInt(n - 1 - i)) & 1n)).join('');
/** `v` as `n` bits, least significant first (USB's order for its fields). */
export const lsbFirst = (v: number | bigint, n: number): string => [...msbFirst(v, n)].reverse().join('');

const bitsOf = (s: string) => [...s.replace(/[\s_]/g, '')].map(Number);

// ---- CAN ------------------------------------------------------------------------------------------

/** The CAN specification's pseudo-code: CRC_RG = 0; per bit CRCNXT = NXTBIT xor CRC_RG(14); shift; xor 4599h. */
export function can15(stream: string): number {
  let rg = 0;
  for (const bit of bitsOf(stream)) {
    const next = bit ^ ((rg >> 14) & 1);
    rg = (rg << 1) & 0x7fff;
    if (next) rg ^= 0x4599;
  }
  return rg;
}

export interface Capture {
  /** What the capture is, for test names. */
  what: string;
  /** The bits the CRC covers, in the order sent (fields separated by _). */
  message: string;
  /** The CRC field's bits in the order sent. */
  crcSent: string;
}

/**
 * A CAN data frame up to its CRC field (before bit stuffing): standard (SOF, 11-bit ID, RTR, IDE,
 * r0, DLC, data: 19 + 8 * DLC bits) or extended (SOF, ID-A 11, SRR, IDE, ID-B 18, RTR, r1, r0, DLC,
 * data: 39 + 8 * DLC bits). Dominant bits are 0.
 */
export function canFrame(id: number, data: readonly number[], extended = false): Capture {
  const dlc = msbFirst(data.length, 4);
  const bytes = data.map((d) => msbFirst(d, 8));
  const head = extended
    ? ['0', msbFirst(id >>> 18, 11), '1', '1', msbFirst(id & 0x3ffff, 18), '0', '0', '0']
    : ['0', msbFirst(id, 11), '0', '0', '0'];
  const message = [...head, dlc, ...bytes].join('_');
  const what = `CAN ${extended ? 'extended' : 'standard'} ID 0x${id.toString(16)} DLC ${data.length}`;
  return { what, message, crcSent: msbFirst(can15(message), 15) };
}

/** Random CAN frames: one per DLC given, standard or extended in turn. */
export function canFrames(rand: Random, dlcs: readonly number[]): Capture[] {
  return dlcs.map((dlc, i) => {
    const extended = i % 3 === 2;
    const id = randomInt(rand, extended ? 1 << 29 : 1 << 11);
    return canFrame(
      id,
      Array.from({ length: dlc }, () => randomInt(rand, 256)),
      extended,
    );
  });
}

// ---- USB ------------------------------------------------------------------------------------------

/** USB 2.0 8.3.5.1: ones preset, bits in the order sent, remainder complemented, sent top bit first. */
export function usb5(stream: string): string {
  let r = 0x1f;
  for (const bit of bitsOf(stream)) {
    const top = (r >> 4) & 1;
    r = (r << 1) & 0x1f;
    if (top ^ bit) r ^= 0x05;
  }
  return msbFirst(r ^ 0x1f, 5);
}

/** The USB-IF white paper's token examples: the 11 bits and the CRC5, both in the order sent. */
export const USB_WHITE_PAPER_TOKENS: readonly Capture[] = [
  { what: 'setup addr 15 endp e', message: '1010100_0111', crcSent: '10111' },
  { what: 'out addr 3a endp a', message: '0101110_0101', crcSent: '11100' },
  { what: 'in addr 70 endp 4', message: '0000111_0010', crcSent: '01110' },
];

/** A token's ADDR (7 bits) and ENDP (4 bits), each least significant bit first. */
export function usbToken(addr: number, endp: number): Capture {
  const message = `${lsbFirst(addr, 7)}_${lsbFirst(endp, 4)}`;
  return { what: `token addr 0x${addr.toString(16)} endp 0x${endp.toString(16)}`, message, crcSent: usb5(message) };
}

/** A SOF packet's 11-bit frame number, least significant bit first. */
export function usbSof(frame: number): Capture {
  const message = lsbFirst(frame, 11);
  return { what: `SOF frame ${frame}`, message, crcSent: usb5(message) };
}

/** A SPLIT special token (USB 2.0 8.4.2): hub address 7, SC 1, port 7, S 1, E 1, ET 2: 19 bits. */
export function usbSplit(hub: number, sc: number, port: number, s: number, e: number, et: number): Capture {
  const message = [lsbFirst(hub, 7), sc, lsbFirst(port, 7), s, e, lsbFirst(et, 2)].join('_');
  return { what: `SPLIT hub ${hub} port ${port}`, message, crcSent: usb5(message) };
}

// ---- SD/MMC ---------------------------------------------------------------------------------------

/** SD spec CRC7: G(x) = x^7 + x^3 + 1, register from 0, bits most significant first. */
export function sdCrc7(stream: string): number {
  let r = 0;
  for (const bit of bitsOf(stream)) {
    const top = (r >> 6) & 1;
    r = (r << 1) & 0x7f;
    if (top ^ bit) r ^= 0x09;
  }
  return r;
}

/** A command: start bit 0, transmission bit 1, 6-bit index, 32-bit argument (40 bits). */
export function sdCommand(index: number, arg: number): Capture {
  const message = `01_${msbFirst(index, 6)}_${msbFirst(arg >>> 0, 32)}`;
  return { what: `CMD${index} arg 0x${arg.toString(16)}`, message, crcSent: msbFirst(sdCrc7(message), 7) };
}

/** Bits (whole bytes, most significant bit first) as hex. */
export function bitsToHex(stream: string): string {
  const bits = stream.replace(/[\s_]/g, '');
  return Array.from({ length: bits.length / 8 }, (_, i) =>
    parseInt(bits.slice(8 * i, 8 * i + 8), 2)
      .toString(16)
      .padStart(2, '0'),
  ).join('');
}
