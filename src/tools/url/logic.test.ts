import { describe, expect, it } from 'vitest';
import {
  addToHistory,
  analyzeUrl,
  convert,
  decodeText,
  decodeWalk,
  encodeText,
  EXAMPLES,
  MESSAGES,
  preview,
  shownText,
  safeDecode,
  safeEncode,
  stats,
  storedHistory,
  type HistoryEntry,
} from './logic';

describe('spec rules', () => {
  it('asks for text when the input is blank', () => {
    expect(convert('  ', 'encode', 'component', 'full')).toEqual({ ok: false, error: 'Please enter text to process' });
    expect(convert('', 'decode', 'component', 'full')).toEqual({ ok: false, error: MESSAGES.empty });
  });

  it('decodes form style with plus signs as spaces first', () => {
    expect(convert('a+b%2Bc', 'decode', 'form', 'full')).toEqual({ ok: true, output: 'a b+c' });
    expect(convert('a+b', 'decode', 'component', 'full')).toEqual({ ok: true, output: 'a+b' });
  });

  it('reports failures with the spec prefixes; helpers return the input unchanged', () => {
    const r = convert('abc%E0%A4', 'decode', 'component', 'full');
    expect(r.ok).toBe(false);
    expect((r as { error: string }).error).toMatch(/^Decoding failed: /);
    const e = convert('bad \uD800 surrogate', 'encode', 'component', 'full');
    expect((e as { error: string }).error).toMatch(/^Encoding failed: /);
    expect(safeDecode('100%')).toBe('100%');
    expect(safeEncode('\uD800')).toBe('\uD800');
  });

  it('says where the half of an emoji is that it cannot encode, in characters of the whole input', () => {
    expect(convert('🚀 ok \ud83d rest', 'encode', 'component', 'full')).toEqual({
      ok: false,
      error:
        'Encoding failed: a lone surrogate (U+D83D) at position 6 is not a character; it cannot be percent-encoded',
    });
    // Only the fragment is encoded, but the position is the input's, as for decoding errors.
    expect(convert('https://a.example/x#b \ude00', 'encode', 'rfc3986', 'hash')).toMatchObject({
      error: expect.stringContaining('(U+DE00) at position 23 '),
    });
  });

  it('keeps 10 history entries, newest first, with 50-character previews', () => {
    let h: HistoryEntry[] = [];
    for (let i = 0; i < 12; i++)
      h = addToHistory(h, {
        input: `in${i}`,
        output: `out${i}`,
        operation: 'encode',
        encodingType: 'component',
        componentType: 'full',
        timestamp: new Date(i).toISOString(),
      });
    expect(h).toHaveLength(10);
    expect(h[0]?.input).toBe('in11');
    expect(h[9]?.input).toBe('in2');
    expect(preview('x'.repeat(50))).toBe('x'.repeat(50));
    expect(preview('y'.repeat(51))).toBe(`${'y'.repeat(50)}…`);
  });

  it('shows the start of a long text without cutting an emoji in half (it ended in a lone surrogate, �)', () => {
    const long = `a${'🚀'.repeat(40_000)}`; // 80,001 UTF-16 units: the 16,384th is an emoji's first half
    expect(shownText(long)).toBe(`a${'🚀'.repeat(8191)}`);
    expect(shownText('b'.repeat(70_000))).toBe('b'.repeat(16_384));
    expect(shownText(`a${'🚀'.repeat(100)}`)).toBe(`a${'🚀'.repeat(100)}`); // short: all of it
  });

  it('never cuts a character in half in a preview (an emoji at the 50th character showed as �)', () => {
    expect(preview(`${'a'.repeat(49)}🚀🚀`)).toBe(`${'a'.repeat(49)}🚀…`);
    expect(preview('🚀'.repeat(50))).toBe('🚀'.repeat(50));
    expect(preview(`Grüße aus Köln – 東京 ${'🚀'.repeat(40)}`)).toBe(`Grüße aus Köln – 東京 ${'🚀'.repeat(30)}…`);
  });

  it('saves for the next visit only the history entries short enough for localStorage', () => {
    const entry = (input: string, output: string): HistoryEntry => ({
      input,
      output,
      operation: 'encode',
      encodingType: 'component',
      componentType: 'full',
      timestamp: '2026-11-29T00:00:00.000Z',
    });
    const small = entry('a b', 'a%20b');
    const edge = entry('x'.repeat(10_000), 'y'.repeat(10_000));
    const big = entry('x'.repeat(10_000), 'y'.repeat(10_001));
    expect(storedHistory([big, small, edge])).toEqual([small, edge]);
  });
});

describe('encoding types', () => {
  const text = "a b!'()*~&=/?#é";
  it('component = encodeURIComponent', () => expect(encodeText(text, 'component')).toBe(encodeURIComponent(text)));
  it('full URI = encodeURI', () => expect(encodeText(text, 'uri')).toBe(encodeURI(text)));
  it("strict RFC 3986 also escapes !'()*", () =>
    expect(encodeText(text, 'rfc3986')).toBe('a%20b%21%27%28%29%2A~%26%3D%2F%3F%23%C3%A9'));
  it('form uses + for spaces, like URLSearchParams', () => {
    expect(encodeText(text, 'form')).toBe(new URLSearchParams({ k: text }).toString().slice(2));
  });

  it('round-trips random unicode text in every type', () => {
    const chars = ['a', ' ', '+', '%', '&', '=', '/', '?', '#', 'é', '東', '🚀', '!', '*', '~', "'", '\n'];
    for (let n = 0; n < 300; n++) {
      const s = Array.from({ length: n % 23 }, (_, i) => chars[(n * 7 + i * 13) % chars.length]).join('');
      for (const t of ['component', 'rfc3986', 'form'] as const)
        expect(decodeText(encodeText(s, t), t), `${t} ${JSON.stringify(s)}`).toBe(s);
      expect(decodeText(encodeText(s, 'uri'), 'uri')).toBe(decodeURI(encodeURI(s)));
    }
  });

  it('decodes like decodeURIComponent / decodeURI on valid input', () => {
    const s = '%F0%9F%9A%80%20%26%3D%2Fx%3F';
    expect(decodeText(s, 'component')).toBe(decodeURIComponent(s));
    expect(decodeText(s, 'uri')).toBe(decodeURI(s));
  });

  it('the position-reporting walk agrees with the browser decoder it stands in for', () => {
    // Escapes around UTF-8's edges (overlong, surrogates, > U+10FFFF, truncated) and reserved bytes.
    const parts = [
      '%C3',
      '%A9',
      '%E0',
      '%A0',
      '%80',
      '%ED',
      '%9F',
      '%BF',
      '%F4',
      '%8F',
      '%90',
      '%C0',
      '%2F',
      '%23',
      '%2b',
      '%25',
      '%',
      '%4',
      'a',
      '+',
      '\uD800',
    ];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % parts.length;
    const outcome = (f: () => string) => {
      try {
        return f();
      } catch {
        return 'failed';
      }
    };
    for (let n = 0; n < 5000; n++) {
      const s = Array.from({ length: 1 + (n % 7) }, next)
        .map((i) => parts[i])
        .join('');
      expect(
        outcome(() => decodeWalk(s, false)),
        s,
      ).toBe(outcome(() => decodeURIComponent(s)));
      expect(
        outcome(() => decodeWalk(s, true)),
        s,
      ).toBe(outcome(() => decodeURI(s)));
    }
  });

  it('reports malformed percent-sequences with their position', () => {
    expect(() => decodeText('abc%zz', 'component')).toThrow('malformed percent-sequence at position 4 ("%zz")');
    expect(() => decodeText('ok%4', 'component')).toThrow('at position 3');
    expect(() => decodeText('12%C3', 'component')).toThrow('invalid UTF-8 percent-sequence at position 3');
    expect(() => decodeText('x%FFy', 'component')).toThrow('at position 2');
    expect(convert('hello%2world', 'decode', 'component', 'full')).toEqual({
      ok: false,
      error: 'Decoding failed: malformed percent-sequence at position 6 ("%2w")',
    }); // In a component, the position is still counted in the whole input (it was the value's).
    const bad = 'https://ex.com/p?a=ok&b=%zz#x';
    for (const component of ['full', 'query'] as const)
      expect(convert(bad, 'decode', 'component', component)).toEqual({
        ok: false,
        error: 'Decoding failed: malformed percent-sequence at position 25 ("%zz")',
      });
    expect(convert('https://ex.com/a/b%C3c', 'decode', 'component', 'path')).toMatchObject({
      error: 'Decoding failed: invalid UTF-8 percent-sequence at position 19 ("%C3")',
    });
    expect(convert('https://ex.com/#frag%2', 'decode', 'component', 'hash')).toMatchObject({
      error: 'Decoding failed: malformed percent-sequence at position 21 ("%2")',
    });
  });

  it('counts the position in characters: an emoji before the escape is one (it counted two, its UTF-16 units)', () => {
    // Encoding and decoding count alike: the fifth character either way (decoding said 4).
    expect(convert('🚀 ab%', 'decode', 'component', 'full')).toEqual({
      ok: false,
      error: 'Decoding failed: malformed percent-sequence at position 5 ("%")',
    });
    expect(convert('🚀 ab\ud83d', 'encode', 'component', 'full')).toMatchObject({
      ok: false,
      error: expect.stringContaining('(U+D83D) at position 5 '),
    });
    expect(() => decodeText('🚀%zz', 'component')).toThrow('malformed percent-sequence at position 2 ("%zz")');
    expect(() => decodeText('😀é%C3', 'component')).toThrow('invalid UTF-8 percent-sequence at position 3');
    expect(convert('🚀 100%', 'decode', 'component', 'full')).toMatchObject({
      error: 'Decoding failed: malformed percent-sequence at position 6 ("%")',
    });
    // In a component the offset of the piece is counted in characters too.
    expect(convert('https://ex.com/🚀🚀?q=%zz', 'decode', 'component', 'query')).toMatchObject({
      error: 'Decoding failed: malformed percent-sequence at position 21 ("%zz")',
    });
    expect(convert('https://ex.com/🚀/b%C3c', 'decode', 'component', 'path')).toMatchObject({
      error: 'Decoding failed: invalid UTF-8 percent-sequence at position 19 ("%C3")',
    });
  });
});

describe('URL components', () => {
  const url = 'https://ex.com/a b/c&d?q=1 2&x=a/b#frag ment';
  it('takes a bare query ("q=a b&lang=en", as URLSearchParams reads it) as all query', () => {
    // It was returned unchanged, and counted as a successful conversion.
    expect(convert('q=hello world&lang=en#top', 'encode', 'component', 'query')).toEqual({
      ok: true,
      output: 'q=hello%20world&lang=en#top',
    });
    expect(convert('name=J%C3%BCrgen+M', 'decode', 'form', 'query')).toMatchObject({ output: 'name=Jürgen M' });
    expect(convert('q=1&b=%zz', 'decode', 'component', 'query')).toMatchObject({
      error: 'Decoding failed: malformed percent-sequence at position 7 ("%zz")',
    });
    // Text with a path or a scheme and no "?" has no query.
    for (const text of ['https://ex.com/a=b c', 'mailto:a=b c', 'example.com a'])
      expect(convert(text, 'encode', 'component', 'query')).toEqual({ ok: true, output: text });
  });
  it('takes a bare query whose values hold slashes (redirect=https://…, next=/home) as all query', () => {
    // URLSearchParams reads them as queries; they came back unchanged, as a successful conversion.
    expect(convert('redirect_uri=https://app.example/cb?x=1 2&lang=en', 'encode', 'component', 'query')).toEqual({
      ok: true,
      output: 'redirect_uri=https%3A%2F%2Fapp.example%2Fcb%3Fx%3D1%202&lang=en',
    });
    expect(convert('next=/home page&x=1', 'encode', 'form', 'query')).toEqual({
      ok: true,
      output: 'next=%2Fhome+page&x=1',
    });
    const encoded = new URLSearchParams([['next', '/a b/ü']]).toString();
    expect(convert(encoded.replace('%2F', '/'), 'decode', 'form', 'query')).toEqual({
      ok: true,
      output: 'next=/a b/ü',
    });
  });

  it('encodes only the query keys and values', () => {
    expect(convert(url, 'encode', 'component', 'query')).toEqual({
      ok: true,
      output: 'https://ex.com/a b/c&d?q=1%202&x=a%2Fb#frag ment',
    });
  });
  it('encodes only the path segments', () => {
    expect(convert(url, 'encode', 'component', 'path')).toEqual({
      ok: true,
      output: 'https://ex.com/a%20b/c%26d?q=1 2&x=a/b#frag ment',
    }); // A bare host and port is the authority too, as the analysis reads it (it became example.com%3A8080).
    expect(convert('example.com:8080/a b', 'encode', 'component', 'path')).toEqual({
      ok: true,
      output: 'example.com:8080/a%20b',
    });
    expect(convert('//cdn.example/x y', 'encode', 'component', 'path')).toMatchObject({
      output: '//cdn.example/x%20y',
    });
    expect(convert('a b/c:d', 'encode', 'component', 'path')).toMatchObject({ output: 'a%20b/c%3Ad' });
  });
  it('keeps the scheme of a URL without an authority (mailto:, urn:) out of the path segments', () => {
    // The Email link example became "mailto%3Ateam%40example.com?...": no longer a mailto link.
    expect(convert('mailto:team@example.com?subject=Hi there', 'encode', 'component', 'path')).toEqual({
      ok: true,
      output: 'mailto:team%40example.com?subject=Hi there',
    });
    expect(convert('urn:isbn 0451450523', 'encode', 'component', 'path')).toMatchObject({
      output: 'urn:isbn%200451450523',
    });
    expect(convert('mailto:a%20b%40x.org', 'decode', 'component', 'path')).toMatchObject({
      output: 'mailto:a b@x.org',
    });
  });
  it('keeps a bare IPv6 host (with or without a port) as the authority, as the analysis reads it', () => {
    // "[::1]:8080/a b" became "%5B%3A%3A1%5D%3A8080/a%20b" and the analysis said "Invalid URL Format".
    expect(convert('[::1]:8080/a b', 'encode', 'component', 'path')).toEqual({ ok: true, output: '[::1]:8080/a%20b' });
    expect(convert('[2001:db8::1]/x y', 'encode', 'component', 'path')).toMatchObject({
      output: '[2001:db8::1]/x%20y',
    });
    expect(analyzeUrl('[::1]:8080/a')).toMatchObject({ valid: true, hostname: '[::1]', port: '8080', pathname: '/a' });
    expect(analyzeUrl('[2001:db8::1]/x?q=1')).toMatchObject({ valid: true, hostname: '[2001:db8::1]', search: '?q=1' });
    expect(analyzeUrl('[nope]/x')?.valid).toBe(false);
  });
  it('Full URI keeps the brackets of an IPv6 host, so the encoded address is still a URL (encodeURI escaped them)', () => {
    const out = convert('http://[2001:db8::1]:8080/a b?q=[x]', 'encode', 'uri', 'full');
    // Brackets elsewhere are not allowed in a path or query (RFC 3986 section 3.3), and stay escaped.
    expect(out).toEqual({ ok: true, output: 'http://[2001:db8::1]:8080/a%20b?q=%5Bx%5D' });
    expect(new URL((out as { output: string }).output).hostname).toBe('[2001:db8::1]');
    expect(convert('https://user@[::1]/é', 'encode', 'uri', 'full')).toMatchObject({
      output: 'https://user@[::1]/%C3%A9',
    });
    expect(convert('[::1]:3000/a b', 'encode', 'uri', 'full')).toMatchObject({ output: '[::1]:3000/a%20b' });
    // Not a host: a bracket later in the text is escaped as before.
    expect(convert('see [::1] here', 'encode', 'uri', 'full')).toMatchObject({ output: 'see%20%5B::1%5D%20here' });
    expect(convert('[cafe] menu', 'encode', 'uri', 'full')).toMatchObject({ output: '%5Bcafe%5D%20menu' });
    expect(convert('[::1] is localhost', 'encode', 'uri', 'full')).toMatchObject({
      output: '%5B::1%5D%20is%20localhost',
    });
  });
  it('encodes only the fragment', () => {
    expect(convert(url, 'encode', 'component', 'hash')).toEqual({
      ok: true,
      output: 'https://ex.com/a b/c&d?q=1 2&x=a/b#frag%20ment',
    });
  });
  it('decodes a component back', () => {
    expect(convert('https://ex.com/?q=caf%C3%A9&n=%F0%9F%9A%80', 'decode', 'component', 'query')).toEqual({
      ok: true,
      output: 'https://ex.com/?q=café&n=🚀',
    });
  });
});

describe('analysis and statistics', () => {
  it('analyses a URL and retries without a scheme with https://', () => {
    const a = analyzeUrl('https://user@example.com:8443/p/a?x=1&y=two#top')!;
    expect(a).toMatchObject({
      valid: true,
      protocol: 'https:',
      host: 'example.com:8443',
      hostname: 'example.com',
      port: '8443',
      pathname: '/p/a',
      search: '?x=1&y=two',
      hash: '#top',
      origin: 'https://example.com:8443',
    });
    expect(a.searchParams).toEqual([
      ['x', '1'],
      ['y', 'two'],
    ]);
    expect(analyzeUrl('example.org/path?q=1')).toMatchObject({
      valid: true,
      protocol: 'https:',
      hostname: 'example.org',
    });
    expect(analyzeUrl('example.com:8080/a')).toMatchObject({
      valid: true,
      protocol: 'https:',
      port: '8080',
      pathname: '/a',
    });
    expect(analyzeUrl('localhost:3000')).toMatchObject({ valid: true, hostname: 'localhost', port: '3000' });
    expect(analyzeUrl('mailto:a@b.example')).toMatchObject({ valid: true, protocol: 'mailto:' });
    expect(analyzeUrl('just some words')?.valid).toBe(false);
    expect(analyzeUrl('')).toBeNull();
  });

  it('reads a one-word host with a port (myserver:8080, db:5432) as a host, as Path segments mode does', () => {
    // They were "Invalid URL Format" while Path segments mode kept "myserver:8080" as the authority.
    expect(convert('myserver:8080/a b', 'encode', 'component', 'path')).toMatchObject({
      output: 'myserver:8080/a%20b',
    });
    expect(analyzeUrl('myserver:8080/api?x=1')).toMatchObject({
      valid: true,
      hostname: 'myserver',
      port: '8080',
      pathname: '/api',
    });
    expect(analyzeUrl('db:5432')).toMatchObject({ valid: true, hostname: 'db', port: '5432' });
    expect(analyzeUrl('myserver:443')).toMatchObject({ valid: true, hostname: 'myserver', port: '' }); // https's own port
    expect(analyzeUrl('myserver')?.valid).toBe(false); // one word alone stays text
  });

  it('counts lengths, escapes and size change', () => {
    expect(stats('a b', 'a%20b')).toEqual({
      inputLength: 3,
      outputLength: 5,
      encodedSequences: 1,
      sizeChangePercent: 66.7,
    });
    expect(stats('', '%2f%2G%%41%4').encodedSequences).toBe(2);
  });

  it('gives no size change when there is no output for the input (a failed conversion is not a 100% shrink)', () => {
    expect(stats('100%', '')).toMatchObject({ inputLength: 4, outputLength: 0, sizeChangePercent: null });
    expect(stats('', '')).toMatchObject({ sizeChangePercent: 0 });
  });

  it('ships examples that convert', () => {
    for (const ex of EXAMPLES) expect(convert(ex.text, ex.operation, 'component', 'full').ok, ex.label).toBe(true);
  });
});
