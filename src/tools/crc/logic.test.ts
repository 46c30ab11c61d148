import { describe, expect, it } from 'vitest';
import { paramsOf, predefinedAlgorithms } from '../../core/crc/catalogue';
import { softwareFiles } from './SoftwareCode';
import { FALLBACK_ALGORITHMS } from '../../core/crc/fallback';
import { bitsFromPoly, polyText } from '../../core/crc/params';
import { checkParams } from '../../core/crc/request';
import {
  VALIDATION_ALERT,
  defaultBits,
  fieldsOf,
  generateErrorAlert,
  groupAlgorithms,
  matchesSearch,
  reconcileSelection,
  searchCountText,
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

  it('finds an algorithm written as people write it: crc32, crc16 modbus, CRC32C, iso_hdlc (as the API and bitsmith look names up)', () => {
    const found = (q: string) => groupAlgorithms(all, q).flatMap((g) => g.items.map((a) => a.name));
    expect(found('crc16 modbus')).toEqual(['CRC-16/MODBUS']);
    expect(found('CRC32C')).toContain('CRC-32/ISCSI'); // and CRC-32/CKSUM, CRC-32/CD-ROM-EDC: a substring
    expect(found('crc32_iso_hdlc')).toEqual(['CRC-32/ISO-HDLC']);
    expect(found('crc32')).toContain('CRC-32/ISO-HDLC');
    expect(found('crc32').every((n) => n.startsWith('CRC-32/'))).toBe(true);
    expect(found('crc16').length).toBe(all.filter((a) => a.width === 16).length);
    expect(found('iso hdlc')).toEqual(['CRC-32/ISO-HDLC', 'CRC-16/IBM-SDLC']); // alias CRC-16/ISO-HDLC
    // What did not need it still works, and separators alone filter nothing.
    expect(found('CRC-16/USB')).toEqual(['CRC-16/USB']);
    expect(found(' / ')).toHaveLength(112);
  });

  it('says how many algorithms the search found, in the singular for one', () => {
    const count = (q: string) => groupAlgorithms(all, q).reduce((n, g) => n + g.items.length, 0);
    expect(searchCountText(count('modbus'))).toBe('1 algorithm matches');
    expect(searchCountText(count('crc-32/'))).toMatch(/^\d+ algorithms match$/);
    expect(searchCountText(0)).toBe('0 algorithms match');
  });

  it('groups the fallback six', () => {
    expect(groupAlgorithms(FALLBACK_ALGORITHMS).map((g) => g.label)).toEqual(['32-bit', '16-bit', 'Other']);
  });
});

describe('defaults and messages', () => {
  it('starts with only x0 set and no width', () => {
    const bits = defaultBits();
    expect(bits.length).toBe(68);
    expect(bits.filter(Boolean).length).toBe(1);
    expect(checkParams(bits, { init: '0', xorout: '0', refin: false, refout: false }).ok).toBe(false);
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

describe('a selection from a link or draft', () => {
  const arc = all.find((a) => a.name === 'CRC-16/ARC')!;
  it('loads a named algorithm without a polynomial, keeps a matching one, and calls any other Custom', () => {
    const fields = fieldsOf(arc);
    expect(reconcileSelection(all, { selected: arc.name, bits: defaultBits(), fields })).toEqual({ choose: arc });
    expect(reconcileSelection(all, { selected: arc.name, bits: arc.poly, fields })).toBeUndefined();
    // init written another way (upper case, no 0x) is the same value
    expect(reconcileSelection(all, { selected: arc.name, bits: arc.poly, fields: { ...fields, init: '0' } })).toBe(
      undefined,
    );
    expect(
      reconcileSelection(all, { selected: arc.name, bits: arc.poly, fields: { ...fields, refin: false } }),
    ).toEqual({ custom: true });
    expect(reconcileSelection(all, { selected: 'CRC-32/ISO-HDLC', bits: arc.poly, fields: { ...fields } })).toEqual({
      custom: true,
    });
    expect(reconcileSelection([], { selected: arc.name, bits: arc.poly, fields })).toBeUndefined();
  });

  it('finds a catalogue name in the fallback list (offline) by alias or parameters', () => {
    const iso = all.find((a) => a.name === 'CRC-32/ISO-HDLC')!;
    const eth = FALLBACK_ALGORITHMS.find((a) => a.name === 'CRC-32 Ethernet')!;
    const saved = { selected: iso.name, bits: iso.poly, fields: fieldsOf(iso) };
    expect(reconcileSelection(FALLBACK_ALGORITHMS, saved)).toEqual({ choose: eth });
    expect(reconcileSelection(FALLBACK_ALGORITHMS, { ...saved, bits: defaultBits() })).toEqual({ choose: eth });
    // CRC-32/V-42 is another catalogue name of the same algorithm; the fallback list lacks it.
    expect(reconcileSelection(FALLBACK_ALGORITHMS, { ...saved, selected: 'CRC-32/V-42' })).toEqual({ choose: eth });
    // Named for it but with other parameters: still Custom.
    const jam = { ...saved, fields: { ...saved.fields, xorout: '0x0' } };
    expect(reconcileSelection(FALLBACK_ALGORITHMS, jam)).toEqual({ custom: true });
    expect(reconcileSelection(FALLBACK_ALGORITHMS, { ...jam, selected: 'CRC-32/JAMCRC' })).toEqual({ custom: true });
    expect(reconcileSelection(FALLBACK_ALGORITHMS, { ...saved, selected: eth.name })).toBeUndefined();
  });
});

describe('software names of an algorithm chosen from the built-in list', () => {
  // Offline (the list from GET /api/predefined failed) 'CRC-32 Ethernet' gave crc32_ethernet.h and
  // crc32_ethernet_update where the same choice online gives crc32_iso_hdlc.
  it.each(FALLBACK_ALGORITHMS.map((a) => [a.name, a.aliases[0]!]))('%s names its files as %s', (name, catalogue) => {
    const params = paramsOf(FALLBACK_ALGORITHMS.find((a) => a.name === name)!);
    const names = (algorithm: string) => softwareFiles(params, algorithm, 'c').map((f) => f.name);
    expect(names(name)).toEqual(names(catalogue));
    expect(names(name)[0]).toMatch(/^crc\d+_[a-z0-9_]+\.h$/);
  });
});
