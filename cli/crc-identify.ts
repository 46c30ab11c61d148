/**
 * bitsmith crc identify: the CRC page's Identify search on the command line (src/core/crc/identify,
 * assembly/crcid.ts). Each sample is MESSAGE:CRC (or, with --codeword, a codeword with its CRC
 * appended); MESSAGE is hex, text with --ascii, a file's path with --files, or bits with --bits.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { hex } from '../src/core/crc/params';
import { countOf } from '../src/core/hdl/comment';
import {
  identifyCrc,
  messages,
  MAX_SAMPLE_BYTES,
  parseIdentify,
  reportJson,
  type CrcIdKernel,
  type FixedInput,
  type IdentifyReport,
  type SampleInput,
} from '../src/core/crc/identify';
import { BadInput, UsageError, loadKernel, readAll, readProblem } from './io';
import { writeOutput } from './sync-io';
import { decodeUtf8, notUtf8Where } from '../src/core/data/utf8';

export interface CrcIdentifyOptions {
  codeword?: boolean;
  ascii?: boolean;
  files?: boolean;
  bits?: boolean;
  width?: number;
  poly?: string;
  init?: string;
  xorout?: string;
  refin?: 'yes' | 'no';
  refout?: 'yes' | 'no';
  byteOrder?: 'big' | 'little';
  json?: boolean;
  output?: string;
}

function sampleOf(arg: string, o: CrcIdentifyOptions): SampleInput {
  const at = o.codeword ? -1 : arg.lastIndexOf(':');
  if (!o.codeword && at < 0) throw new BadInput(`${arg}: write each sample as MESSAGE:CRC (or use --codeword)`);
  const message = at < 0 ? arg : arg.slice(0, at);
  const crc = at < 0 ? '' : arg.slice(at + 1);
  if (!o.files) return { format: o.bits ? 'bits' : o.ascii ? 'ascii' : 'hex', message, crc };
  try {
    return { format: 'file', message: '', file: headOf(message, MAX_SAMPLE_BYTES + 1), crc };
  } catch (e) {
    throw new BadInput(readProblem(message, e));
  }
}

/** At most `max` bytes of a file: one byte past the sample limit is enough for its message (/dev/zero never ends). */
function headOf(path: string, max: number): Uint8Array {
  const fd = openSync(path, 'r');
  try {
    const buf = new Uint8Array(max);
    let n = 0;
    for (let got = 1; got > 0 && n < max; n += got) got = readSync(fd, buf, n, max - n, null);
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

/** `-` among the samples: stdin's lines, one sample a line (blank lines skipped; --ascii keeps a line's spaces). */
async function withStdin(samples: string[], o: CrcIdentifyOptions): Promise<string[]> {
  if (!samples.includes('-')) return samples;
  // Bytes that are not UTF-8 are refused: decoded, they became U+FFFD, and an --ascii message's CRC
  // was searched over other bytes than the sample's (nothing fit, without a word on why).
  const decoded = decodeUtf8(await readAll('-', { what: 'crc identify -', heapPerByte: 10 }));
  if (!('text' in decoded))
    throw new BadInput(`stdin is not UTF-8 text: ${notUtf8Where(decoded.notUtf8)} (save it as UTF-8)`);
  const text = decoded.text;
  const lines = text
    .split('\n')
    .map((l) => (o.ascii ? l.replace(/\r$/, '') : l.trim()))
    .filter((l) => l.trim() !== '');
  return samples.flatMap((s) => (s === '-' ? lines : [s]));
}

const yesNo = (v?: 'yes' | 'no') => (v === undefined ? '' : v === 'yes' ? 'true' : 'false');

/** Where a codeword carries its CRC: the byte order, and the top bits of its bytes (a family's too: it was left out). */
const placement = (p: { byteOrder?: string; leftAligned?: boolean }) =>
  `${p.byteOrder ? ` byteorder=${p.byteOrder}` : ''}${p.leftAligned ? ' crcbits=top' : ''}`;

function text(r: IdentifyReport): string {
  const lines = r.matches.map((m) => {
    const p = m.params;
    const name = m.names.length
      ? `${m.names[0]}${m.names.length > 1 ? ` (${m.names.slice(1).join(', ')})` : ''}`
      : 'custom';
    const order = placement(m);
    // The page's words (Results.tsx): 'and 1 equivalent init/xorout pair', 'pairs' from 2.
    const same = m.equivalents ? ` and ${countOf(m.equivalents, 'equivalent init/xorout pair')}` : '';
    return `width=${p.width} poly=${hex(p.poly, p.width)} init=${hex(p.init, p.width)} refin=${p.refin} refout=${p.refout} xorout=${hex(p.xorout, p.width)} check=${hex(m.check, p.width)}${order} ${name}${same}`;
  });
  for (const f of r.families) {
    const p = f.example;
    lines.push(
      `width=${p.width} poly=${hex(p.poly, p.width)} refin=${p.refin} refout=${p.refout}${placement(f)}: ${f.count.toLocaleString('en-US')} init/xorout pairs fit${f.names.length ? ` (among them ${f.names.join(', ')})` : ''}`,
    );
  }
  const open = r.undecidable.map((u) => messages.undecidable[u]);
  return [...lines, ...r.missing, ...open].map((l) => `${l}\n`).join('');
}

/** Prints the report; exit 1 (one line on stderr) when no CRC fits, after the report with --json, as the API answers it. */
export async function crcIdentify(samples: string[], o: CrcIdentifyOptions): Promise<void> {
  if (o.bits && (o.ascii || o.files)) throw new UsageError('--bits cannot be used with --ascii or --files');
  // A message is text or a file's path, not both (--files used to win silently).
  if (o.ascii && o.files) throw new UsageError('--ascii cannot be used with --files');
  // Only a codeword carries its CRC in bytes of some order (the page shows the field for codewords only).
  if (o.byteOrder && !o.codeword) throw new UsageError('--byte-order goes with --codeword');
  // As crc generate's: a polynomial is written without its top term, so it means nothing without a width.
  if (o.poly !== undefined && o.width === undefined)
    throw new UsageError('--poly goes with --width (the polynomial is given without its x^width term)');
  // As crc generate: a value given blank (--init "$UNSET") is refused; blank is "unknown" only on the page.
  const given = { Polynomial: o.poly, Init: o.init, XorOut: o.xorout };
  for (const [label, v] of Object.entries(given))
    if (v?.trim() === '') throw new BadInput(`${label} must be a hexadecimal value such as 0x1021.`);
  const fixed: FixedInput = {
    width: o.width === undefined ? '' : String(o.width),
    poly: o.poly ?? '',
    init: o.init ?? '',
    xorout: o.xorout ?? '',
    refin: yesNo(o.refin),
    refout: yesNo(o.refout),
    byteOrder: o.byteOrder ?? '',
  };
  const parsed = parseIdentify(
    o.codeword ? 'codeword' : 'message',
    (await withStdin(samples, o)).map((s) => sampleOf(s, o)),
    fixed,
  );
  if (!parsed.ok) throw new BadInput(parsed.errors.map((e) => e.message).join(' '));
  const report = identifyCrc(await loadKernel<CrcIdKernel>('crcid'), parsed.request);
  const nothingFits = report.remaining === 0n;
  if (o.json) writeOutput(`${JSON.stringify(reportJson(report), null, 2)}\n`, o.output);
  else if (!nothingFits) writeOutput(text(report), o.output);
  if (nothingFits) throw new BadInput(report.missing.join(' '));
}
