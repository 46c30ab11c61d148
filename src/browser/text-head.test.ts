import { describe, expect, it } from 'vitest';
import { textHead } from './text-head';

describe('textHead', () => {
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n');

  it('keeps a text within both limits whole', () => {
    expect(textHead(lines(3), 3)).toBe(lines(3));
    expect(textHead('', 1)).toBe('');
    expect(textHead('a\n', 1)).toBe('a');
    expect(textHead('a\n', 2)).toBe('a\n');
  });

  it('cuts before the line past the limit, without its line break', () => {
    expect(textHead(lines(5), 2)).toBe('line 1\nline 2');
    expect(textHead(lines(1001), 1000)).toBe(lines(1000));
  });

  it('cuts at the character limit when that comes first', () => {
    expect(textHead('x'.repeat(100), 10, 40)).toBe('x'.repeat(40));
    expect(textHead(lines(5), 10, 9)).toBe('line 1\nli');
    expect(textHead(lines(5), 2, 100)).toBe('line 1\nline 2');
  });

  it('never ends in half an emoji at the character limit (a lone surrogate is drawn as "�")', () => {
    expect(textHead(`a${'🚀'.repeat(30)}`, 10, 40)).toBe(`a${'🚀'.repeat(19)}`);
    expect(textHead('🚀'.repeat(30), 10, 40)).toBe('🚀'.repeat(20));
  });
});
