import { describe, expect, it } from 'vitest';
import { EXCERPT_CHARS, excerpt, quoteExcerpt } from './excerpt';

describe('excerpt', () => {
  it('keeps short text whole', () => {
    expect(excerpt('abc')).toBe('abc');
    expect(quoteExcerpt('abc')).toBe('"abc"');
    expect(quoteExcerpt('x'.repeat(EXCERPT_CHARS))).toBe(`"${'x'.repeat(EXCERPT_CHARS)}"`);
  });

  it('cuts long text to its start, an ellipsis and its length', () => {
    const q = quoteExcerpt('f'.repeat(100_000));
    expect(q).toBe(`"${'f'.repeat(EXCERPT_CHARS)}…" (100,000 characters)`);
    expect(q.length).toBeLessThan(80);
  });

  it('never splits a surrogate pair', () => {
    const text = `${'a'.repeat(EXCERPT_CHARS - 1)}😀${'b'.repeat(10)}`;
    expect(excerpt(text)).toBe(`${'a'.repeat(EXCERPT_CHARS - 1)}…`);
  });
});
