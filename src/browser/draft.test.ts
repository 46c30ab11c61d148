import { describe, expect, it } from 'vitest';
import { DRAFT_MAX_CHARS, draftText } from './draft';

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
