/** The Identify report's counts read as English: one result, one equivalent pair. */
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { paramsOf, predefinedAlgorithms } from '../../../core/crc/catalogue';
import type { CrcMatch, IdentifyReport } from '../../../core/crc/identify';
import { Results } from './Results';

const modbus = predefinedAlgorithms().find((a) => a.name === 'CRC-16/MODBUS')!;
const match = (equivalents: number): CrcMatch => ({
  params: paramsOf(modbus),
  check: 0x4b37n,
  names: [modbus.name, ...modbus.aliases],
  equivalents,
});
const report = (matches: CrcMatch[]): IdentifyReport => ({
  matches,
  families: [],
  remaining: BigInt(matches.length),
  missing: [],
  truncated: false,
  widths: [16, 16],
  undecidable: [],
});
const text = (r: IdentifyReport) => renderToStaticMarkup(<Results report={r} onUse={() => {}} />);

describe('Identify results', () => {
  it('counts one result and one equivalent pair in the singular', () => {
    const one = text(report([match(1)]));
    expect(one).toContain('>1 result<');
    expect(one).toContain(' and 1 equivalent init/xorout pair<');
    const two = text(report([match(3), match(0)]));
    expect(two).toContain('>2 results<');
    expect(two).toContain(' and 3 equivalent init/xorout pairs<');
  });
});
