/** The report as JSON (the API's answer, the command's --json): values as hex text of their width. */
import { hex, type CrcParams } from '../params';
import { hexBytes } from './parse';
import type { ByteOrder, IdentifyReport } from './types';

const paramsJson = (p: CrcParams) => ({
  width: p.width,
  poly: hex(p.poly, p.width),
  init: hex(p.init, p.width),
  refin: p.refin,
  refout: p.refout,
  xorout: hex(p.xorout, p.width),
});

const order = (byteOrder?: ByteOrder, leftAligned?: boolean) => ({
  ...(byteOrder ? { byteOrder } : {}),
  ...(leftAligned ? { leftAligned } : {}),
});

export function reportJson(r: IdentifyReport) {
  return {
    matches: r.matches.map((m) => ({
      name: m.names[0] ?? null,
      aliases: m.names.slice(1),
      ...paramsJson(m.params),
      check: hex(m.check, m.params.width),
      ...order(m.byteOrder, m.leftAligned),
      equivalents: m.equivalents ?? 0,
    })),
    families: r.families.map((f) => ({
      ...paramsJson(f.example),
      count: f.count.toString(),
      names: f.names,
      ...order(f.byteOrder, f.leftAligned),
    })),
    remaining: r.remaining.toString(),
    missing: r.missing,
    truncated: r.truncated,
    widths: r.widths,
    undecidable: r.undecidable,
    decider: r.decider ? hexBytes(r.decider) : null,
  };
}

export type IdentifyReportJson = ReturnType<typeof reportJson>;
