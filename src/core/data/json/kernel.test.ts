/**
 * The JSON WASM kernel against V8's JSON.parse (values, messages, positions), against today's
 * lossless tree formatter (output), and against itself split at every byte (streaming).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFreshKernel } from '../../../../server/wasm';
import { randomJsonText } from '../../../../tests/cases/testdata';
import { testRandom } from '../../../../tests/cases/seed';
import type { Random } from '../../random';
import {
  BytePosition,
  JsonKernelError,
  JsonStream,
  runJsonBytes,
  type JsonExports,
  type JsonKernelIndent,
  type JsonKernelMode,
} from './kernel';
import { nativeVerdict, readJson, wholeCharacter } from './read';
import { writeJson } from './write';
import { positionAt } from '../position';

let kernel: JsonExports;
beforeAll(async () => {
  kernel = await loadFreshKernel<JsonExports>('json');
});

const enc = new TextEncoder();
const dec = new TextDecoder();

type Outcome = { ok: true; out: string } | { ok: false; detail: string; offset: number };

function kernelRun(text: string | Uint8Array, mode: JsonKernelMode = 'minify', indent: JsonKernelIndent = 2): Outcome {
  try {
    return {
      ok: true,
      out: dec.decode(runJsonBytes(kernel, typeof text === 'string' ? enc.encode(text) : text, mode, indent)),
    };
  } catch (e) {
    if (!(e instanceof JsonKernelError)) throw e;
    return { ok: false, detail: e.detail, offset: e.byteOffset };
  }
}

/** Character (UTF-16) offset of a byte offset in `text`. */
const charOffset = (text: string, byteOffset: number) => dec.decode(enc.encode(text).subarray(0, byteOffset)).length;

/** A prefix V8 could still complete: it parses, or fails only because it ends there. */
function viablePrefix(prefix: string): boolean {
  const r = nativeVerdict(prefix);
  return r === undefined || r.message === 'Unexpected end of JSON input' || r.offset === prefix.length;
}

/** The kernel and V8 agree on validity, message and position (see viablePrefix when V8 gives none). */
function expectLikeV8(text: string): void {
  const ref = nativeVerdict(text);
  const got = kernelRun(text, 'validate');
  if (!ref) {
    expect(got, JSON.stringify(text)).toEqual({ ok: true, out: '' });
    return;
  }
  expect(got.ok, JSON.stringify(text)).toBe(false);
  if (got.ok) return;
  const at = charOffset(text, got.offset);
  // V8 names the first half of a character beyond U+FFFF; the tools name it whole.
  expect(got.detail, JSON.stringify(text)).toBe(wholeCharacter(ref.message, text, at));
  if (ref.offset !== undefined) {
    expect(at, JSON.stringify(text)).toBe(ref.offset);
  } else if (ref.message === 'Unexpected end of JSON input') {
    expect(at, JSON.stringify(text)).toBe(text.length);
  } else {
    // The error is where V8 stops: everything before it could still be JSON, one more character not.
    expect(viablePrefix(text.slice(0, at)), JSON.stringify(text)).toBe(true);
    expect(viablePrefix(text.slice(0, at + 1)), JSON.stringify(text)).toBe(false);
  }
  // And the page's message today (the tree path) is the same words.
  const today = readJson(text);
  if (!today.ok) expect(today.detail, JSON.stringify(text)).toBe(got.detail);
}

const WS = [' ', '\n', '\t', '\r\n', '  ', '    ', '\n        '];

/** Random JSON with random whitespace between tokens (strings untouched). */
function spaced(text: string, r: Random): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    out += c;
    if (inString) {
      if (c === '\\') out += text[++i];
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    if (!inString && '[]{},:'.includes(c) && r() < 0.5) out += WS[Math.floor(r() * WS.length)];
  }
  return (r() < 0.3 ? ' \n' : '') + out + (r() < 0.3 ? '\n' : '');
}

/** Safe numbers only, so JSON.stringify(JSON.parse(x)) writes the same literals. */
const safeNumbers = (text: string) =>
  text.replace(/-?\d[\d.eE+-]*/g, (m) => String(Number(m))).replace(/Infinity|NaN/g, '1');

describe('JSON kernel on valid documents', () => {
  it('minify and format give what JSON.stringify(JSON.parse(x), null, n) gives', () => {
    const r = testRandom();
    let compared = 0;
    for (let i = 0; i < 400; i++) {
      const text = safeNumbers(randomJsonText(r, 4));
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        continue; // the number replacement touched a string
      }
      if (/"\d+"\s*:/.test(text)) continue; // JSON.parse reorders integer-like keys; we keep document order
      const input = spaced(text, r);
      expect(kernelRun(input, 'minify')).toEqual({ ok: true, out: JSON.stringify(value) });
      expect(kernelRun(input, 'format', 2)).toEqual({ ok: true, out: JSON.stringify(value, null, 2) });
      expect(kernelRun(input, 'format', 4)).toEqual({ ok: true, out: JSON.stringify(value, null, 4) });
      expect(kernelRun(input, 'format', 'tab')).toEqual({ ok: true, out: JSON.stringify(value, null, '\t') });
      expect(kernelRun(input, 'validate')).toEqual({ ok: true, out: '' });
      compared++;
    }
    expect(compared).toBeGreaterThan(200);
  });

  it('keeps every literal: minified parses to the same value, format is idempotent, output equals the tree formatter', () => {
    const r = testRandom(1);
    for (let i = 0; i < 400; i++) {
      const text = spaced(randomJsonText(r, 4), r);
      const min = kernelRun(text, 'minify');
      expect(min.ok).toBe(true);
      if (!min.ok) continue;
      expect(JSON.parse(min.out)).toEqual(JSON.parse(text));
      for (const indent of [2, 4] as const) {
        const pretty = kernelRun(text, 'format', indent);
        expect(pretty.ok && kernelRun(pretty.out, 'format', indent)).toEqual(pretty);
        expect(pretty.ok && kernelRun(pretty.out, 'minify')).toEqual(min);
        // Today's lossless tree path (random keys are distinct, strings are in JSON.stringify form)
        const tree = readJson(text);
        expect(tree.ok && writeJson(tree.value, { indent })).toBe(pretty.ok && pretty.out);
      }
      const tree = readJson(text);
      expect(tree.ok && writeJson(tree.value, { indent: 0 })).toBe(min.out);
    }
  });

  it('copies number literals and strings byte for byte (escapes, big numbers, unicode)', () => {
    const src =
      '[12345678901234567890,0.10000000000000000001,1.50,1E400,-0,2.5e-3,9007199254740993,"\\u00e9\\/\\ud83d\\ude00","é😀","\\ud800"]';
    expect(kernelRun(src, 'minify')).toEqual({ ok: true, out: src });
    expect(kernelRun(' [ 1 , {"a" : [ ] , "b" : { } } ] ', 'format', 2)).toEqual({
      ok: true,
      out: '[\n  1,\n  {\n    "a": [],\n    "b": {}\n  }\n]',
    });
    expect(kernelRun('{"a":{"b":[1]}}', 'format', 'tab')).toEqual({
      ok: true,
      out: '{\n\t"a": {\n\t\t"b": [\n\t\t\t1\n\t\t]\n\t}\n}',
    });
    expect(kernelRun(' 0 ', 'format')).toEqual({ ok: true, out: '0' });
    expect(kernelRun('"x"', 'minify')).toEqual({ ok: true, out: '"x"' });
  });

  it('long strings and whitespace runs (the SIMD paths) at every alignment', () => {
    for (let n = 0; n < 70; n++) {
      const s = 'a'.repeat(n) + 'é\\"' + 'b'.repeat(n % 17) + '\\u0041';
      const text = `${' '.repeat(n)}[${'\n'.repeat(n % 19)}"${s}"${' \t'.repeat(n)},"${'x'.repeat(n)}"]`;
      expect(kernelRun(text, 'minify')).toEqual({ ok: true, out: `["${s}","${'x'.repeat(n)}"]` });
      const bad = `["${'a'.repeat(n)}\u0001"]`;
      expect(kernelRun(bad, 'validate')).toEqual({
        ok: false,
        detail: 'Bad control character in string literal in JSON',
        offset: n + 2,
      });
    }
  });
});

describe('JSON kernel on invalid documents: message and position like JSON.parse', () => {
  const CASES = [
    '',
    ' ',
    '{',
    '[',
    '[1,',
    '{"a":',
    '{"a":1,',
    '{"a"',
    '"\\u12',
    '"\\',
    '"\\ud83d\\ude',
    '[1e5x]',
    '[-]',
    '[1.5.3]',
    '{"a":1}x',
    '["\\u00G0"]',
    '[0x1]',
    '[1.0e]',
    '[1e-]',
    '[t]',
    '[tx]',
    '[t1]',
    '[nul]',
    'tru',
    '{"a":1,"b"}',
    '{"a":1,"b" 1}',
    '{"a":1,"b""',
    '[1,]',
    '{"a":1,}',
    "{'a':1}",
    '01',
    '-01',
    '[00]',
    '1.',
    '.5',
    '+1',
    'NaN',
    'Infinity',
    'undefined',
    '[NaN]',
    '[1] [2]',
    '"\t"',
    '"\\x"',
    '{"a" 1}',
    '[1 2]',
    '\u00a0[]',
    '😀',
    '["😀" x]',
    '"abc',
    '{1:2}',
    '[1,2',
    '{,}',
    '[,]',
    '[]]',
    'x',
    '["a\nb"]',
    '[truex]',
    '{"a":}',
    '{"a":[}',
    '[1}',
    '{"a":1]',
    ' 1x',
    '[-a]',
    '[1.e5]',
    '1.5e',
    '[1,,2]',
    '{"a":1 "b":2}',
    '"a" "b"',
    '[""x]',
    '[1e+]',
    '[1E-3',
    '{"a":"b"',
    '{"a":"b",',
    '{"a":{"b":1}',
    '[[[]]',
    '[{}',
    '{"é":1,"ü"]',
    '[\u2028]',
    '{"a":1,"b":2,}',
    '[{"a":1,}]',
    '"\\uD834\\uDD1E\\u"',
    '[true,fals]',
    'nulll',
    '[-0.0e+00, 01.5]',
  ];
  for (const text of CASES) it(JSON.stringify(text), () => expectLikeV8(text));

  it('mutations of valid documents: truncations, insertions, deletions, replacements', () => {
    const r = testRandom(2);
    const ALPHABET = [
      '"',
      '\\',
      ',',
      ':',
      '[',
      ']',
      '{',
      '}',
      '0',
      '1',
      '-',
      '.',
      'e',
      '+',
      't',
      'n',
      'x',
      ' ',
      '\n',
      '\u0001',
      '\u001f',
      'é',
      '😀',
    ];
    for (let i = 0; i < 1500; i++) {
      const text = spaced(randomJsonText(r, 3), r);
      const at = Math.floor(r() * (text.length + 1));
      const ch = ALPHABET[Math.floor(r() * ALPHABET.length)]!;
      const kind = Math.floor(r() * 4);
      const mutated =
        kind === 0
          ? text.slice(0, at)
          : kind === 1
            ? text.slice(0, at) + ch + text.slice(at)
            : kind === 2
              ? text.slice(0, at) + text.slice(at + 1)
              : text.slice(0, at) + ch + text.slice(at + 1);
      if (/[\ud800-\udfff]/.test(mutated.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''))) continue; // split a pair
      expectLikeV8(mutated);
    }
  });

  it('targeted mutations: trailing commas, leading zeros, bad escapes, lone surrogates, control characters', () => {
    const r = testRandom(3);
    for (let i = 0; i < 300; i++) {
      const text = randomJsonText(r, 3);
      expectLikeV8(text.replace(/([\]}])/, ',$1'));
      expectLikeV8(text.replace(/(?<![\d.eE+-])(\d)/, '0$1'));
      expectLikeV8(text.replace(/"([^"\\]*)"/, '"$1\\q"'));
      expectLikeV8(text.replace(/"([^"\\]*)"/, '"$1\\ud800"')); // a lone surrogate escape: valid, as for JSON.parse
      expectLikeV8(text.replace(/"([^"\\]*)"/, '"$1\\udc00\\u12"'));
      expectLikeV8(text.replace(/"([^"\\]*)"/, '"$1\u0000"'));
      expectLikeV8(text.replace(/"([^"\\]*)"/, '"$1\n"'));
    }
  });

  it('nesting deeper than 4096 levels is an error at the bracket that goes too deep, not a crash', () => {
    const ok = '['.repeat(4096) + ']'.repeat(4096);
    expect(kernelRun(ok, 'validate')).toEqual({ ok: true, out: '' });
    const deep = '[{"a":'.repeat(3000) + '1' + '}]'.repeat(3000);
    expect(kernelRun(deep, 'validate')).toEqual({ ok: false, detail: 'JSON is nested too deeply', offset: 6 * 2048 });
    expect(kernelRun('['.repeat(100_000), 'format')).toEqual({
      ok: false,
      detail: 'JSON is nested too deeply',
      offset: 4096,
    });
  });
});

describe('JSON kernel messages', () => {
  it('names a character beyond U+FFFF whole, as the tree path does, whole or cut between chunks', () => {
    for (const text of ['[😀]', '{"a": 😀}', '[1, t😀]', '\ufeff[𝄞]']) {
      const token = text.includes('😀') ? '😀' : '𝄞';
      const bytes = enc.encode(text);
      expect(kernelRun(bytes, 'validate'), text).toMatchObject({ ok: false, detail: `Unexpected token '${token}'` });
      const at = bytes.indexOf(0xf0);
      for (let cut = at + 1; cut < at + 4; cut++) {
        const s = new JsonStream(kernel, 'validate');
        expect(() => {
          s.push(bytes.subarray(0, cut));
          s.push(bytes.subarray(cut));
          s.finish();
        }, `${text} cut at ${cut}`).toThrow(`Unexpected token '${token}'`);
      }
    }
  });
});

describe('JSON kernel streaming', () => {
  const DOCS = [
    '{"a":[1,{"b":null}],"c":"x\\"y\\u00e9\\ud83d\\ude00","d":-12.5e+3,"e":[],"f":{},"g":true,"h":false}',
    ' [ "é😀日本" , 12345678901234567890 , 0.10000000000000000001 , "\\\\\\/" ]\n',
    '[1,]',
    '{"a":1,"b"}',
    '["\\u12x4"]',
    '[1.e5]',
    '"\\ud83d\\ude',
    '{"a":tru}',
  ];

  it('every input split at every byte position across two chunks gives the same output or error', () => {
    const r = testRandom(4);
    const docs = [...DOCS, ...Array.from({ length: 30 }, () => spaced(randomJsonText(r, 3), r))];
    for (const text of docs) {
      const bytes = enc.encode(text);
      for (const [mode, indent] of [
        ['format', 2],
        ['format', 'tab'],
        ['minify', 2],
        ['validate', 2],
      ] as const) {
        const whole = kernelRun(bytes, mode, indent);
        for (let cut = 0; cut <= bytes.length; cut++) {
          const parts: Uint8Array[] = [];
          const emit = (b: Uint8Array) => parts.push(b.slice());
          let got: Outcome;
          try {
            const s = new JsonStream(kernel, mode, indent);
            s.push(bytes.subarray(0, cut), emit);
            s.push(bytes.subarray(cut), emit);
            s.finish();
            got = { ok: true, out: parts.map((p) => dec.decode(p, { stream: true })).join('') + dec.decode() };
          } catch (e) {
            if (!(e instanceof JsonKernelError)) throw e;
            got = { ok: false, detail: e.detail, offset: e.byteOffset };
          }
          expect(got, `${JSON.stringify(text)} cut at ${cut}`).toEqual(whole);
        }
      }
    }
  });

  it('text pushed piece by piece (encodeInto) gives what its UTF-8 bytes give, surrogate pairs at every cut', () => {
    const r = testRandom(6);
    const docs = [
      ...DOCS,
      '["😀😀😀😀😀😀😀😀", "é😀x", {"👋🏽": [1, "日本語"]}]',
      ...Array.from({ length: 20 }, () => spaced(randomJsonText(r, 3), r)),
    ];
    for (const text of docs) {
      for (const chunk of [4, 5, 6, 7, 8, 11, 1 << 20]) {
        const whole = kernelRun(enc.encode(text), 'format', 2);
        const parts: Uint8Array[] = [];
        let got: Outcome;
        try {
          const s = new JsonStream(kernel, 'format', 2, chunk);
          s.pushText(text, (b) => parts.push(b.slice()));
          s.finish();
          got = { ok: true, out: parts.map((p) => dec.decode(p, { stream: true })).join('') + dec.decode() };
        } catch (e) {
          if (!(e instanceof JsonKernelError)) throw e;
          got = { ok: false, detail: e.detail, offset: e.byteOffset };
        }
        expect(got, `${JSON.stringify(text)} chunk ${chunk}`).toEqual(whole);
      }
    }
  });

  it('tiny kernel chunks and output that outgrows its region (deep nesting formatted)', () => {
    const depth = 3000;
    const text = '['.repeat(depth) + '"x"' + ']'.repeat(depth);
    const expected = JSON.stringify(JSON.parse(text), null, 4);
    const parts: string[] = [];
    const s = new JsonStream(kernel, 'format', 4, 7);
    s.push(enc.encode(text), (b) => parts.push(dec.decode(b)));
    s.finish();
    expect(parts.join('')).toBe(expected);
    expect(kernelRun(text, 'format', 4)).toEqual({ ok: true, out: expected });
  });
});

/**
 * Validation walks tokens over 64-byte blocks (a simdjson-style pass) and leaves everything it
 * does not take whole to the state machine that minify and format run. So validate must give
 * exactly the verdict minify gives, on documents long enough to span many blocks, with backslash
 * runs, escapes and control characters landing on every side of a block's edge.
 */
describe('JSON kernel validation (the token walker) against the state machine', () => {
  const STRING_PIECES = [
    'a',
    'é',
    '😀',
    '\\\\',
    '\\"',
    '\\/',
    '\\n',
    '\\u00e9',
    '\\ud83d\\ude00',
    ' ',
    '{',
    ']',
    ':',
    ',',
  ];
  /** A long document: many random values, strings full of escapes and backslash runs. */
  function longDoc(r: Random): string {
    const n = 2 + Math.floor(r() * 24);
    const values = Array.from({ length: n }, () => {
      if (r() < 0.4) return spaced(randomJsonText(r, 3), r);
      let body = '';
      for (let k = Math.floor(r() * 90); k > 0; k--) body += STRING_PIECES[Math.floor(r() * STRING_PIECES.length)];
      return r() < 0.5 ? `"${body}"` : `{"${body}": [${Math.floor(r() * 1e6)}, -0.5e+3, true, null, "${body}"]}`;
    });
    return `[${values.join(r() < 0.5 ? ',' : ',\n  ')}]`;
  }
  const MUTATIONS = [
    '"',
    '\\',
    '\\\\',
    ',',
    ':',
    '[',
    ']',
    '{',
    '}',
    '0',
    '-',
    '.',
    'e',
    'x',
    ' ',
    '\u0001',
    '\u001f',
    '\\u12',
    'é',
  ];
  const verdict = (o: Outcome) => (o.ok ? 'valid' : o);

  it('long valid and mutated documents: the same verdict, message and offset as minify', () => {
    const r = testRandom(7);
    for (let i = 0; i < 1500; i++) {
      let text = longDoc(r);
      for (let m = i % 3; m > 0; m--) {
        const at = Math.floor(r() * (text.length + 1));
        const ch = MUTATIONS[Math.floor(r() * MUTATIONS.length)]!;
        text = r() < 0.5 ? text.slice(0, at) + ch + text.slice(at) : text.slice(0, at) + ch + text.slice(at + 1);
      }
      const bytes = enc.encode(text);
      const expected = verdict(kernelRun(bytes, 'minify'));
      if (i % 3 === 0) expect(expected, text).toBe('valid');
      expect(verdict(kernelRun(bytes, 'validate')), text).toEqual(expected);
      // and through chunks of a random size
      const chunk = 64 + Math.floor(r() * 300);
      let got: Outcome = { ok: true, out: '' };
      try {
        const s = new JsonStream(kernel, 'validate', 2, chunk);
        s.push(bytes);
        s.finish();
      } catch (e) {
        if (!(e instanceof JsonKernelError)) throw e;
        got = { ok: false, detail: e.detail, offset: e.byteOffset };
      }
      expect(verdict(got), `${text} in chunks of ${chunk}`).toEqual(expected);
    }
  });

  it.each(['😀', '€', 'é'])("names an unexpected '%s' the same whichever chunk edge cuts its bytes", (ch) => {
    const bytes = enc.encode(`[1, "ok", ${ch}, 2]`);
    const at = enc.encode('[1, "ok", ').length;
    for (const mode of ['validate', 'minify', 'format'] as const) {
      const whole = kernelRun(bytes, mode);
      expect(whole).toEqual({ ok: false, detail: `Unexpected token '${ch}'`, offset: at });
      for (let chunk = 1; chunk <= bytes.length; chunk++) {
        let got: Outcome = { ok: true, out: '' };
        try {
          const s = new JsonStream(kernel, mode, 2, chunk);
          s.push(bytes);
          s.finish();
        } catch (e) {
          if (!(e instanceof JsonKernelError)) throw e;
          got = { ok: false, detail: e.detail, offset: e.byteOffset };
        }
        expect(got, `${mode} in chunks of ${chunk}`).toEqual(whole);
      }
    }
    // Cut by the input's end: the same as the whole run of the same bytes.
    const cut = bytes.subarray(0, at + 1);
    expect(kernelRun(cut, 'validate')).toMatchObject({ ok: false, offset: at });
  });

  it('long mutated documents: the message and position JSON.parse gives', () => {
    const r = testRandom(8);
    for (let i = 0; i < 300; i++) {
      const text = longDoc(r);
      const at = Math.floor(r() * text.length);
      const mutated = text.slice(0, at) + MUTATIONS[Math.floor(r() * MUTATIONS.length)] + text.slice(at + 1);
      if (/[\ud800-\udfff]/.test(mutated.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''))) continue; // split a pair
      expectLikeV8(mutated);
    }
  });
});

describe('a leading UTF-8 byte order mark (RFC 8259 lets a parser ignore it)', () => {
  const BOM = new Uint8Array([0xef, 0xbb, 0xbf]);
  const withBom = (text: string) => new Uint8Array([...BOM, ...enc.encode(text)]);

  it('is skipped: the output is the document without it, in every mode and from text too', () => {
    const doc = '{"a": [1, "é"], "b": null}';
    for (const mode of ['minify', 'format', 'validate'] as const)
      expect(kernelRun(withBom(doc), mode), mode).toEqual(kernelRun(doc, mode));
    const stream = new JsonStream(kernel, 'minify');
    const out: string[] = [];
    stream.pushText('\ufeff' + doc, (b) => out.push(dec.decode(b)));
    stream.finish();
    expect(out.join('')).toBe('{"a":[1,"é"],"b":null}');
  });

  it('still counts in error offsets (they are offsets in the input) but not in line and column', () => {
    const got = kernelRun(withBom('{"a": }'), 'validate');
    expect(got).toEqual({ ok: false, detail: "Unexpected token '}'", offset: 3 + 6 });
    const p = new BytePosition(3 + 6);
    p.feed(withBom('{"a": }'));
    expect(p.position).toEqual(positionAt('{"a": }', 6));
    // A mark anywhere else is a character like any other: an error where JSON expects a value.
    expect(kernelRun('[\ufeff1]', 'validate')).toMatchObject({ ok: false, detail: "Unexpected token '\ufeff'" });
  });
});

describe('BytePosition', () => {
  it('gives the line, column and UTF-16 offset that positionAt gives on the text', () => {
    const text = 'ab\n"é😀"\r\n  日本 x\n\nz';
    const bytes = enc.encode(text);
    for (let b = 0; b <= bytes.length; b++) {
      if (b < bytes.length && (bytes[b]! & 0xc0) === 0x80) continue; // inside a character
      const p = new BytePosition(b);
      for (let i = 0; i < bytes.length && p.feed(bytes.subarray(i, i + 3)); i += 3);
      expect(p.position, `byte ${b}`).toEqual(positionAt(text, charOffset(text, b)));
    }
  });
});
