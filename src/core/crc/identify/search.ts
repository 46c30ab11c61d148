/**
 * Identifies an unknown CRC from samples (the method of CRC RevEng, in assembly/crcid.ts): for
 * each width and byte order to try, and each refin/refout, the polynomial comes from the GCD of
 * equal-length differences and init/xorout from a linear system; brute force over every
 * polynomial only where the samples give no equal-length pair, and only for small widths.
 * Bit streams are searched with refin off (the stream is the order the register takes), CRCs
 * given as bits for one refout (setups.ts); catalogue names then match whatever they leave open.
 */
import { CHECK_INPUT, reflect, type CrcParams } from '../params';
import { catalogueEquivalent, catalogueOf, familyNames, type Loose } from './catalogue-match';
import { classesOf, type SolutionClasses } from './classes';
import { decidingMessage, type Candidate } from './decide';
import { crcOf, loadSamples, readRecords, type CrcIdKernel, type SolutionRecord } from './kernel';
import { messages } from './messages';
import { messageWidths, setupsOf, undecidableOf, type Setup } from './setups';
import type {
  ByteOrder,
  CrcFamily,
  CrcMatch,
  IdentifyProgress,
  IdentifyReport,
  IdentifyRequest,
  IdentifySample,
} from './types';

/** Up to 2^4 init/xorout solutions of one polynomial are listed one by one; more form a family. */
const LIST_NULLITY = 4;
/** At most this many matches are listed. */
export const MAX_MATCHES = 200;
/** Brute force tries every odd polynomial of a width only up to this width... */
export const BRUTE_MAX_WIDTH = 20;
/** ...and within this many bit steps (polynomials x samples x message bits) per refin/refout. */
const BRUTE_BUDGET = 2 ** 31;
/** Polynomials per brute-force call: progress and cancellation happen between calls. */
const BRUTE_CHUNK = 2048;

interface Found {
  record: SolutionRecord;
  setup: Setup;
}

function reflections(req: IdentifyRequest, setup: Setup): [boolean, boolean][] {
  const ins = setup.stream ? [false] : req.fixed.refin === undefined ? [false, true] : [req.fixed.refin];
  const outs =
    setup.refout !== undefined ? [setup.refout] : req.fixed.refout === undefined ? [false, true] : [req.fixed.refout];
  return ins.flatMap((i) => outs.map((o): [boolean, boolean] => [i, o]));
}

function bruteSteps(setup: Setup): number {
  const bits = setup.samples.reduce((n, s) => n + (s.bits ?? 8 * s.message.length) + setup.width, 0);
  return 2 ** (setup.width - 1) * bits;
}

const fixedArgs = (req: IdentifyRequest) =>
  [
    req.fixed.init !== undefined ? 1 : 0,
    req.fixed.init ?? 0n,
    req.fixed.xorout !== undefined ? 1 : 0,
    req.fixed.xorout ?? 0n,
  ] as const;

/**
 * The request with every CRC's bytes reversed, when each is hex of whole bytes (two or more: the
 * fixed width's, else its digits'); undefined otherwise.
 */
function bytesSwapped(req: IdentifyRequest): IdentifyRequest | undefined {
  if (req.mode !== 'message') return undefined;
  const samples: IdentifySample[] = [];
  for (const s of req.samples) {
    const digits = s.crcDigits;
    if (s.crc === undefined || digits === undefined || s.bits !== undefined) return undefined;
    if (!req.fixed.width && digits % 2) return undefined;
    const n = req.fixed.width ? Math.ceil(req.fixed.width / 8) : digits / 2;
    if (n < 2) return undefined;
    let crc = 0n;
    for (let i = 0; i < n; i++) crc = (crc << 8n) | ((s.crc >> BigInt(8 * i)) & 0xffn);
    samples.push({ ...s, crc });
  }
  return samples.every((s, i) => s.crc === req.samples[i]!.crc) ? undefined : { ...req, samples };
}

/** Runs the search; `onProgress` is called between kernel calls (the worker reports it, Cancel stops it). */
export function identifyCrc(kernel: CrcIdKernel, req: IdentifyRequest, onProgress?: IdentifyProgress): IdentifyReport {
  const report = search(kernel, req, onProgress);
  // Only a plain "no CRC fits": a search that could not conclude (too many polynomials) would not either.
  if (report.remaining > 0n || report.missing.some((m) => m !== messages.noMatch(req.mode))) return report;
  // Nothing fits: what fits instead when the CRCs' bytes or the polynomial were written the other way round.
  const fitting = (r: IdentifyRequest) => {
    const other = search(kernel, r);
    return other.remaining > 0n ? { name: other.matches[0]?.names[0] ?? other.families[0]?.names[0] } : undefined;
  };
  // One wrong sample among good ones: every other sample fits exactly one CRC.
  const odd = oddOneOut(kernel, req);
  if (odd) report.missing.push(messages.oddOneOut(odd.sample + 1, odd.name, req.mode));
  // CRCs copied from a capture as stored little-endian.
  const swapped = bytesSwapped(req);
  const swappedFit = swapped && fitting(swapped);
  if (swappedFit) report.missing.push(messages.bytesSwapped(swappedFit.name));
  // A polynomial given reflected (0xa001 for 0x8005), as code and crcmod write it.
  const { width, poly } = req.fixed;
  if (width && poly !== undefined) {
    const normal = reflect(poly, width);
    const reversedFit =
      normal !== poly && normal & 1n ? fitting({ ...req, fixed: { ...req.fixed, poly: normal } }) : undefined;
    if (reversedFit) report.missing.push(messages.polyReversed(poly, normal, width, reversedFit.name));
  }
  // An init written reflected (a refin CRC's register as its bits are sent): the catalogue's is not.
  const { init } = req.fixed;
  if (width && init !== undefined && reflect(init, width) !== init) {
    const reflected = reflect(init, width);
    const initFit = fitting({ ...req, fixed: { ...req.fixed, init: reflected } });
    if (initFit) report.missing.push(messages.initReflected(init, reflected, width, initFit.name));
  }
  return report;
}

/** Leave-one-out is tried for this many samples at most, of this many bytes together. */
const ODD_MAX_SAMPLES = 16;
const ODD_MAX_BYTES = 1 << 12;

/** Some polynomial relation: two samples of one length, or three lengths (else brute force, or nothing). */
function related(samples: IdentifySample[]): boolean {
  const lengths = samples.map((s) => s.bits ?? 8 * s.message.length);
  return new Set(lengths).size < lengths.length || new Set(lengths).size >= 3;
}

/**
 * The one sample without which the others fit exactly one CRC, a catalogue algorithm, and its name.
 * A nameless fit is no evidence: four samples of garbage (CRCs with their bytes swapped) fit one
 * custom CRC by chance now and then once one of five is left out.
 */
function oddOneOut(kernel: CrcIdKernel, req: IdentifyRequest): { sample: number; name: string } | undefined {
  const n = req.samples.length;
  const bytes = req.samples.reduce((t, s) => t + s.message.length, 0);
  if (n < 3 || n > ODD_MAX_SAMPLES || bytes > ODD_MAX_BYTES) return undefined;
  const fits: { sample: number; name: string }[] = [];
  for (let i = 0; i < n; i++) {
    const samples = req.samples.filter((_, j) => j !== i);
    if (!related(samples)) continue;
    const r = search(kernel, { ...req, samples });
    const name = r.remaining === 1n ? r.matches[0]?.names[0] : undefined;
    if (name) fits.push({ sample: i, name });
  }
  return fits.length === 1 ? fits[0] : undefined;
}

function search(kernel: CrcIdKernel, req: IdentifyRequest, onProgress?: IdentifyProgress): IdentifyReport {
  const setups = setupsOf(req).filter((s) => s.samples.every((x) => x.crc >> BigInt(s.width) === 0n));
  // A 1-bit CRC is a parity: bit order and reflection change nothing, one combination stands for all.
  const combos = setups.map((s) => (s.width === 1 ? reflections(req, s).slice(0, 1) : reflections(req, s)));
  const total = combos.reduce((n, c) => n + c.length, 0) * BRUTE_CHUNK;
  const found: Found[] = [];
  const notes = new Set<string>();
  let brute = false;
  let done = 0;
  const [fi, init, fx, xorout] = fixedArgs(req);
  for (const [i, setup] of setups.entries()) {
    loadSamples(kernel, setup.samples);
    const { width } = setup;
    for (const [refin, refout] of combos[i]!) {
      const keep = (n: number) => readRecords(kernel, width, n).forEach((record) => found.push({ record, setup }));
      const polyFixed = req.fixed.poly !== undefined;
      const status = kernel.searchCombo(width, +refin, +refout, +polyFixed, req.fixed.poly ?? 0n, fi, init, fx, xorout);
      // The samples give no polynomial to try: the catalogue's algorithms are tried as they are.
      const tryCatalogue = () => {
        if (setup.stream || setup.refout !== undefined) return;
        for (const e of catalogueOf(width, refin, refout)) {
          const p = e.params;
          if ((req.fixed.init ?? p.init) !== p.init || (req.fixed.xorout ?? p.xorout) !== p.xorout) continue;
          if (!setup.samples.every((s) => crcOf(kernel, p, s.message) === s.crc)) continue;
          keep(kernel.searchCombo(width, +refin, +refout, 1, p.poly, 1, p.init, 1, p.xorout));
          notes.add(messages.catalogueOnly(width));
        }
      };
      if (status >= 0) keep(status);
      else if (status === -3) {
        notes.add(messages.tooManyPolys(width));
        tryCatalogue();
      } else if (width <= BRUTE_MAX_WIDTH && bruteSteps(setup) <= BRUTE_BUDGET) {
        // No two samples of one length (or identical ones): try every odd polynomial of this width.
        brute = true;
        const polys = 2 ** (width - 1);
        for (let first = 0; first < polys; first += BRUTE_CHUNK) {
          const count = Math.min(BRUTE_CHUNK, polys - first);
          keep(kernel.bruteCombo(width, +refin, +refout, BigInt(first), BigInt(count), fi, init, fx, xorout));
          onProgress?.(done + Math.round((BRUTE_CHUNK * (first + count)) / polys), total);
        }
      } else {
        notes.add(status === -2 ? messages.identicalSamples : messages.needEqualLengths(width));
        tryCatalogue();
      }
      done += BRUTE_CHUNK;
      onProgress?.(done, total);
    }
  }
  return report(kernel, req, found, notes, brute);
}

/** The distinct CRCs of a record (one representative per class of equivalent sets); undefined for a family. */
function expand(r: SolutionRecord, classes: SolutionClasses): CrcParams[] | undefined {
  if (classes.ambiguous.length > LIST_NULLITY) return undefined;
  const sets: CrcParams[] = [];
  for (let m = 0; m < 1 << classes.ambiguous.length; m++) {
    let { init, xorout } = classes.base;
    classes.ambiguous.forEach((d, i) => {
      if (m & (1 << i)) {
        init ^= d.init;
        xorout ^= d.xorout;
      }
    });
    sets.push({
      width: r.width,
      poly: r.poly,
      refin: r.refin,
      refout: r.refout,
      ...classes.canonical({ init, xorout }),
    });
  }
  return sets;
}

/**
 * x^W + 1 divides x^8 + 1 (W = 2, 4, 8): the register is init xor every byte folded into W bits,
 * so reflecting the input and the output together computes the same CRC (init reflected, which
 * is 0 in the canonical set of such a class).
 */
const foldsBytes = (p: CrcParams) => p.poly === 1n && 8 % p.width === 0;

/** One key per CRC function: the reflected twin of a byte-folding CRC shares its key. */
const key = (p: CrcParams, order?: ByteOrder, left?: boolean) => {
  const twin = foldsBytes(p) && p.refin;
  const refs = twin ? `false/${!p.refout}` : `${p.refin}/${p.refout}`;
  return `${p.width}/${p.poly}/${p.init}/${refs}/${p.xorout}/${order ?? ''}/${left ?? ''}`;
};

/** `brute`: some polynomials were found by trying them all (the samples relate none). */
function report(
  kernel: CrcIdKernel,
  req: IdentifyRequest,
  found: Found[],
  notes: Set<string>,
  brute: boolean,
): IdentifyReport {
  const seen = new Set<string>();
  const matches: CrcMatch[] = [];
  const families: CrcFamily[] = [];
  const open: Candidate[] = [];
  let remaining = 0n;
  let truncated = false;
  const undecidable = undecidableOf(req);
  const loose: Loose = { refin: undecidable.includes('refin'), refout: undecidable.includes('refout') };
  // A bit stream's refin is not in the samples: shown as the user fixed it, or equal to refout.
  const shown = (p: CrcParams, setup: Setup): CrcParams =>
    setup.stream ? { ...p, refin: req.fixed.refin ?? p.refout } : p;
  for (const { record, setup } of found) {
    const { byteOrder, leftAligned } = setup;
    const placement = { ...(byteOrder ? { byteOrder } : {}), ...(leftAligned ? { leftAligned } : {}) };
    const classes = classesOf(record, setup.stream ? 1 : 8);
    const sets = expand(record, classes);
    if (!sets) {
      const params: CrcParams = {
        width: record.width,
        poly: record.poly,
        init: record.init,
        refin: record.refin,
        refout: record.refout,
        xorout: record.xorout,
      };
      const count = 1n << BigInt(classes.ambiguous.length);
      remaining += count;
      // Families count against the same limit as matches: both are listed results.
      if (matches.length + families.length >= MAX_MATCHES) {
        truncated = true;
        continue;
      }
      // Where the samples leave refin or refout open, a catalogue algorithm in the family is its example.
      const named = familyNames(kernel, setup, params, loose);
      const example = (loose.refin || loose.refout ? named.params : undefined) ?? shown(params, setup);
      families.push({ example, count, names: named.names, ...placement });
      open.push({ params: example, ...placement, directions: classes.ambiguous });
      continue;
    }
    for (const canonical of sets) {
      // A catalogue algorithm among the equivalent sets names the class and is shown as found.
      const named = catalogueEquivalent(canonical, classes, loose);
      const params = named?.params ?? shown(canonical, setup);
      const k = key(canonical, byteOrder, leftAligned);
      if (seen.has(k)) continue;
      seen.add(k);
      remaining += 1n;
      // A catalogue algorithm is listed past the limit too: sorted first, it stays when the rest is cut.
      if (matches.length + families.length >= MAX_MATCHES && !named) {
        truncated = true;
        continue;
      }
      const equivalents = 2 ** classes.equivalentBits - 1;
      matches.push({
        params,
        check: crcOf(kernel, params, CHECK_INPUT),
        names: named?.names ?? [],
        ...placement,
        ...(equivalents ? { equivalents } : {}),
      });
    }
  }
  // Catalogue algorithms first, then wider CRCs (narrow ones match random data more often).
  const order = (a: { names: string[]; width: number }, b: { names: string[]; width: number }) =>
    +(b.names.length > 0) - +(a.names.length > 0) || b.width - a.width;
  matches.sort((a, b) => order({ ...a, width: a.params.width }, { ...b, width: b.params.width }));
  families.sort((a, b) => order({ ...a, width: a.example.width }, { ...b, width: b.example.width }));
  if (matches.length + families.length > MAX_MATCHES) {
    truncated = true;
    const named = matches.filter((m) => m.names.length > 0).length;
    matches.length = Math.max(named, MAX_MATCHES - families.length);
  }
  const lengths = new Set(req.samples.map((s) => s.bits ?? 8 * s.message.length));
  const missing = [...notes];
  // One length never separates init from xorout: said for a narrow CRC's sets listed one by one
  // too (CRC-3/ROHC's 8 came with their count and a decider, not why), unless init or xorout is known.
  const oneLength = lengths.size < 2 && req.fixed.init === undefined && req.fixed.xorout === undefined;
  if (families.length > 0 || (oneLength && remaining > 1n)) {
    missing.unshift(lengths.size < 2 ? messages.needDifferentLength : messages.initUndetermined);
  }
  let decider: Uint8Array | undefined;
  if (remaining > 1n) {
    // Brute force fits many polynomials: say what relates them (200 sets were listed with their
    // count alone when the list was cut, and bit streams get no decider).
    if (brute) missing.unshift(messages.noEqualLengths);
    missing.push(messages.remaining(remaining));
    const bytes = !req.samples.some((s) => s.bits !== undefined || s.crcBits !== undefined);
    if (bytes && !truncated) {
      decider = decidingMessage(kernel, req.mode, [...matches, ...open]);
      missing.push(decider ? messages.decideBy(req.mode, decider) : messages.noSingleDecider);
    }
  }
  if (remaining === 0n && missing.length === 0) missing.push(messages.noMatch(req.mode));
  const widths = messageWidths(req);
  return { matches, families, remaining, missing, truncated, widths, undecidable, ...(decider ? { decider } : {}) };
}
