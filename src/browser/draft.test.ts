import { describe, expect, it } from 'vitest';
import { DRAFT_MAX_CHARS, draftFields, draftText } from './draft';

describe('draftText', () => {
  it('is the JSON of the version and the fields when it fits', () => {
    const fields = { input: { text: 'a "b"', file: null }, indent: 4, sort: true, gone: undefined };
    expect(draftText(2, fields)).toBe(JSON.stringify({ v: 2, state: fields }));
    expect(JSON.parse(draftText(1, {}))).toEqual({ v: 1, state: {} });
  });

  it('leaves out a text that escapes past the limit, and keeps the options', () => {
    // Under the text cap, but every quote doubles in JSON: before, such a draft was not written at
    // all and a reload brought back the previous one.
    const text = `[${Array.from({ length: 17_000 }, (_, i) => `"q\\"${i}"`).join(',')}]`;
    expect(text.length).toBeLessThan(DRAFT_MAX_CHARS);
    const quotes = '"'.repeat(DRAFT_MAX_CHARS);
    const saved = JSON.parse(draftText(1, { input: { text }, other: quotes, indent: 4 }));
    expect(saved).toEqual({ v: 1, state: { input: { text }, indent: 4 } });
    const two = JSON.parse(draftText(1, { a: quotes, b: quotes, indent: 4 }));
    expect(Object.keys(two.state)).toEqual(['b', 'indent']); // one of the two fits beside the options
  });

  it('never keeps a string over the text cap', () => {
    expect(JSON.parse(draftText(1, { text: 'x'.repeat(DRAFT_MAX_CHARS + 1), n: 1 }))).toEqual({
      v: 1,
      state: { n: 1 },
    });
  });
});

describe('draftFields', () => {
  const current = { input: { text: '', file: null }, indent: 2, sortKeys: false, child: null as number | null };
  it('keeps the fields of the right type and drops the others, whatever the draft holds', () => {
    expect(draftFields({ input: 5, indent: 'x', sortKeys: true, child: 26, extra: 1 }, current)).toEqual({
      sortKeys: true,
      child: 26,
    });
    for (const saved of [null, 'x', 5, [1]]) expect(draftFields(saved, current)).toEqual({});
  });

  it("fills what an older draft lacks, never restores a file, and leaves a list's items as they are", () => {
    expect(draftFields({ input: { file: { name: 'a' } } }, current)).toEqual({ input: { text: '', file: null } });
    const fsm = { config: { states: [{ name: 'A', outputs: { led: '0' } }], reset: 'A' } };
    const saved = {
      config: {
        states: [
          { name: 'X', outputs: {} },
          { name: 'Y', outputs: { go: '1' } },
        ],
      },
    };
    expect(draftFields(saved, fsm)).toEqual({ config: { ...saved.config, reset: 'A' } });
    expect(draftFields({ config: { states: [{ name: 5 }] } }, fsm)).toEqual({ config: fsm.config });
  });

  it("brings back a list item's emptied number field (NaN, saved as null) empty, keeping the list", () => {
    const fsm = { config: { inputs: [{ name: 'start', width: 1 }] }, width: 1 };
    const saved = JSON.parse(JSON.stringify({ config: { inputs: [{ name: 'go', width: NaN }] }, width: NaN }));
    expect(draftFields(saved, fsm)).toEqual({ config: { inputs: [{ name: 'go', width: NaN }] } });
  });
});
