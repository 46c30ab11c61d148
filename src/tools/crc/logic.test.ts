import { describe, expect, it } from 'vitest';
import { predefinedAlgorithms } from '../../core/crc/catalogue';
import { FALLBACK_ALGORITHMS } from '../../core/crc/fallback';
import { bitsFromPoly, polyText } from '../../core/crc/params';
import { generateRequestSchema } from '../../core/crc/schema';
import {
  VALIDATION_ALERT, checkDataWidth, checkParams, defaultBits, generateBody, generateErrorAlert, groupAlgorithms, matchesSearch,
} from './logic';

const all = predefinedAlgorithms();

describe('grouping and search', () => {
  it('groups by width descending with Other last', () => {
    const groups = groupAlgorithms(all);
    const labels = groups.map((g) => g.label);
    expect(labels[0]).toBe('64-bit');
    expect(labels.at(-1)).toBe('Other');
    const widths = labels.slice(0, -1).map((l) => parseInt(l, 10));
    expect(widths).toEqual([...widths].sort((a, b) => b - a));
    expect(groups.reduce((n, g) => n + g.items.length, 0)).toBe(112);
    expect(groups.at(-1)!.items.map((a) => a.width)).toEqual([40, 31, 30, 21, 17, 13]);
  });

  it('searches names and aliases, case-insensitively', () => {
    const eth = all.find((a) => a.name === 'CRC-32/ISO-HDLC')!;
    expect(matchesSearch(eth, 'ethernet')).toBe(true);
    expect(matchesSearch(eth, 'pkzip')).toBe(true);
    expect(matchesSearch(eth, 'usb')).toBe(false);
    const usb = groupAlgorithms(all, 'usb').flatMap((g) => g.items.map((a) => a.name));
    expect(usb).toEqual(['CRC-16/USB', 'CRC-5/USB']);
    expect(groupAlgorithms(all, 'no such crc')).toEqual([]);
  });

  it('groups the fallback six', () => {
    expect(groupAlgorithms(FALLBACK_ALGORITHMS).map((g) => g.label)).toEqual(['32-bit', '16-bit', 'Other']);
  });
});

describe('parameters and messages', () => {
  it('starts with only x0 set and no width', () => {
    const bits = defaultBits();
    expect(bits.length).toBe(68);
    expect(bits.filter(Boolean).length).toBe(1);
    expect(checkParams(bits, { init: '0', xorout: '0', refin: false, refout: false }).ok).toBe(false);
  });

  it('checks init/xorout against the width', () => {
    const bits = bitsFromPoly(16, 0x1021n);
    expect(checkParams(bits, { init: '0xFFFF', xorout: '0', refin: true, refout: false })).toMatchObject({ ok: true, value: { width: 16, init: 0xffffn, refin: true } });
    expect(checkParams(bits, { init: '0x1FFFF', xorout: '0', refin: false, refout: false })).toEqual({ ok: false, error: 'Init does not fit in 16 bits (the CRC width).' });
    expect(checkParams(bits, { init: '0', xorout: 'xyz', refin: false, refout: false })).toEqual({ ok: false, error: 'XorOut must be a hexadecimal value such as 0xFFFF.' });
  });

  it('checks the data width 1..128', () => {
    expect(checkDataWidth('1')).toEqual({ ok: true, value: 1 });
    expect(checkDataWidth('128')).toEqual({ ok: true, value: 128 });
    for (const bad of ['0', '129', '', '8.5', 'abc', '-4']) expect(checkDataWidth(bad).ok).toBe(false);
  });

  it('builds a request the server schema accepts', () => {
    const body = generateBody(bitsFromPoly(32, 0x04c11db7n), 64, 'vhdl', { init: '0xffffffff', xorout: '', refin: true, refout: true });
    expect(body.xorout).toBe('0');
    expect(generateRequestSchema.safeParse(body).success).toBe(true);
  });

  it('uses the spec messages', () => {
    expect(VALIDATION_ALERT).toBe('Validation error: Please check your polynomial and parameters');
    expect(generateErrorAlert('vhdl')).toBe('Error generating VHDL code. Please check your parameters.');
    expect(generateErrorAlert('verilog')).toBe('Error generating VERILOG code. Please check your parameters.');
  });

  it('writes polynomials as text', () => {
    expect(polyText(bitsFromPoly(8, 0x07n))).toBe('x^8 + x^2 + x + 1');
  });
});
