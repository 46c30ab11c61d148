import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { KeyObject } from 'node:crypto';
import {
  decodeJwt,
  duration,
  encryptedTokenNote,
  fragmentForToken,
  fragmentWithoutStaleToken,
  decodedJson,
  hasThreeParts,
  isUnsigned,
  lifetimeStatus,
  statusWord,
  MESSAGES,
  SHOWN_HEAD_CHARS,
  shownText,
  timeClaims,
  tokenFromFragment,
  tokenInfo,
  type DecodedJwt,
} from './logic';
import { base64UrlToBytes, bytesToBase64Url } from '../../core/base64/base64url';
import { verifySignature } from './verify';

const enc = (obj: unknown) => bytesToBase64Url(new TextEncoder().encode(JSON.stringify(obj)));
const make = (header: unknown, payload: unknown, sig = 'c2ln') => `${enc(header)}.${enc(payload)}.${sig}`;
const decoded = (t: string): DecodedJwt => {
  const r = decodeJwt(t);
  if (!r.ok) throw new Error(r.error);
  return r.token;
};

describe('decoding and the spec messages', () => {
  it('gives the spec messages for empty input and for anything but 3 parts', () => {
    expect(decodeJwt('')).toEqual({ ok: false, error: 'Please enter a JWT token' });
    expect(decodeJwt('   \n')).toEqual({ ok: false, error: 'Please enter a JWT token' });
    for (const t of ['abc', 'a.b', 'a.b.c.d', 'a..b.c']) {
      expect(decodeJwt(t)).toEqual({ ok: false, error: 'Invalid JWT format. Expected 3 parts separated by dots.' });
    }
  });

  it('reports undecodable header or payload as "Failed to decode token: {detail}"', () => {
    for (const t of [
      '!!!.e30.x',
      'e30.%%%.x',
      `${enc({ alg: 'HS256' })}.bm90IGpzb24.x`,
      `${enc([1, 2])}.e30.x`,
      `${bytesToBase64Url(new Uint8Array([0xff, 0xfe]))}.e30.x`,
    ]) {
      const r = decodeJwt(t);
      expect(r.ok, t).toBe(false);
      expect((r as { error: string }).error, t).toMatch(/^Failed to decode token: .+/);
    }
  });

  it('decodes unicode payloads and base64url edge cases (no padding, - and _ characters, surrounding whitespace)', () => {
    const payload = { name: 'Zoë 東京 🚀', note: '>>>???' }; // encodes with '-' / '_' in base64url
    const token = make({ alg: 'HS256', typ: 'JWT' }, payload);
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(token).not.toContain('=');
    const t = decoded(`  ${token}\n`);
    expect(t.payload).toEqual(payload);
    expect(t.header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(t.signature).toBe('c2ln');
    // Padded and standard-alphabet variants decode to the same bytes.
    expect(base64UrlToBytes('YQ==')).toEqual(new Uint8Array([97]));
    expect(base64UrlToBytes('-_8')).toEqual(base64UrlToBytes('+/8='));
    expect(() => base64UrlToBytes('a')).toThrow();
  });

  it('takes a token pasted with its Bearer scheme, Authorization header name or quotes', () => {
    const token = make({ alg: 'HS256' }, { sub: '1' });
    for (const pasted of [`Bearer ${token}`, `bearer  ${token}`, `Authorization: Bearer ${token}`, `"${token}"`]) {
      expect(decoded(pasted).payload, pasted).toEqual({ sub: '1' });
      expect(hasThreeParts(pasted), pasted).toBe(true);
    }
  });

  it('takes a token pasted with the DPoP (RFC 9449), JWT or Token scheme of its Authorization header', () => {
    // "DPoP eyJ..." read as one part "DPoPeyJ...": "Failed to decode token: the header is not valid JSON".
    const token = make({ alg: 'ES256' }, { sub: '1' });
    for (const pasted of [`DPoP ${token}`, `Authorization: DPoP ${token}`, `JWT ${token}`, `Token ${token}`]) {
      expect(decoded(pasted).payload, pasted).toEqual({ sub: '1' });
      expect(hasThreeParts(pasted), pasted).toBe(true);
    }
  });

  it('takes a quoted header value as copied from JSON or a HAR file ("Bearer eyJ...")', () => {
    // The quotes hid the scheme: it became part of the header ('Failed to decode token: ... "r"').
    const token = make({ alg: 'HS256' }, { sub: '1' });
    for (const pasted of [`"Bearer ${token}"`, `'Bearer ${token}'`, `Authorization: "Bearer ${token}"`]) {
      expect(decoded(pasted).payload, pasted).toEqual({ sub: '1' });
    }
  });

  it('takes a token wrapped over several lines (line breaks and spaces inside are not part of it)', () => {
    // It failed with 'it contains "\n"', which the page shows as a space.
    const token = make({ alg: 'HS256' }, { sub: '1', name: 'a long enough name to wrap' });
    const wrapped = `${token.slice(0, 30)}\n${token.slice(30, 61)}\r\n  ${token.slice(61)}`;
    expect(decoded(wrapped).payload).toEqual({ sub: '1', name: 'a long enough name to wrap' });
    expect(decoded(wrapped).parts.join('.')).toBe(token);
    expect(hasThreeParts(`Bearer ${wrapped}`)).toBe(true);
  });

  it("names a part that is not UTF-8 in words, not with the browser decoder's error", () => {
    const bad = `${bytesToBase64Url(new Uint8Array([0xff, 0xfe]))}.e30.x`;
    expect(decodeJwt(bad)).toEqual({ ok: false, error: 'Failed to decode token: the header is not valid UTF-8 text' });
    expect(decodeJwt('e30.a%b.x')).toEqual({
      ok: false,
      error:
        'Failed to decode token: the payload is not valid Base64url: it contains "%" (only A-Z, a-z, 0-9, - and _ may appear)',
    });
    expect((decodeJwt('e30.bm90IGpzb24.x') as { error: string }).error).toMatch(
      /^Failed to decode token: the payload is not valid JSON \(/,
    );
  });

  it('recognises an encrypted token (JWE) by its five parts and a header naming enc', () => {
    const header = enc({ alg: 'dir', enc: 'A128CBC-HS256' });
    expect(encryptedTokenNote(`Bearer ${header}..aXY.Y2lwaGVy.dGFn`)).toMatch(/^This is an encrypted token \(JWE/);
    expect(encryptedTokenNote(`${enc({ alg: 'HS256' })}.a.b.c.d`)).toBe('');
    expect(encryptedTokenNote('a.b.c.d.e')).toBe('');
    expect(encryptedTokenNote(`${header}.a.b`)).toBe('');
  });

  it('auto-decodes only with exactly three parts', () => {
    expect(hasThreeParts('a.b.c')).toBe(true);
    expect(hasThreeParts('a.b')).toBe(false);
    expect(hasThreeParts('a.b.c.d')).toBe(false);
  });
});

describe('decoded header and payload', () => {
  const raw = (text: string) => bytesToBase64Url(new TextEncoder().encode(text));

  it('shows every number as the token writes it: a 64-bit id, 1.10, 1e3 (JSON.parse rounded or respelt them)', () => {
    const payload = '{"id":12345678901234567890,"amount":1.10,"n":1e3,"exp":4102444800,"x":-0}';
    const t = decoded(`${raw('{"alg":"none","kid":9007199254740993}')}.${raw(payload)}.`);
    expect(decodedJson(t, 'payload')).toBe(
      '{\n  "id": 12345678901234567890,\n  "amount": 1.10,\n  "n": 1e3,\n  "exp": 4102444800,\n  "x": -0\n}',
    );
    expect(decodedJson(t, 'header')).toBe('{\n  "alg": "none",\n  "kid": 9007199254740993\n}');
  });

  it('keeps the members in the order the token writes them (JSON.parse put "10" and "2" first)', () => {
    const t = decoded(`${raw('{"alg":"none"}')}.${raw('{"sub":"a","10":1,"2":2}')}.`);
    expect(decodedJson(t, 'payload')).toBe('{\n  "sub": "a",\n  "10": 1,\n  "2": 2\n}');
  });

  it('writes strings and nesting as JSON.stringify does', () => {
    const payload = { s: 'Zoë "東京" \u2028 \\ \n', nested: { list: [1, [], {}], t: true, z: null } };
    const t = decoded(make({ alg: 'none' }, payload));
    expect(decodedJson(t, 'payload')).toBe(JSON.stringify(payload, null, 2));
  });
});

describe('long text', () => {
  it('shows the start of a long text without half an emoji at its end', () => {
    // Before, a payload whose last shown unit was the first half of an emoji ended in "�".
    const text = `${'a'.repeat(SHOWN_HEAD_CHARS - 1)}🚀${'b'.repeat(70_000)}`;
    expect(shownText(text)).toBe('a'.repeat(SHOWN_HEAD_CHARS - 1));
    expect(shownText(`${'a'.repeat(SHOWN_HEAD_CHARS - 2)}🚀${'b'.repeat(70_000)}`)).toBe(
      `${'a'.repeat(SHOWN_HEAD_CHARS - 2)}🚀`,
    );
    expect(shownText('short 🚀')).toBe('short 🚀');
  });
});

describe('token information', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);
  it("shows 'Unknown' / 'Not specified' for missing values and JWT as default type", () => {
    const info = tokenInfo(decoded(make({}, {})), now);
    expect(info).toMatchObject({
      algorithm: 'Unknown',
      type: 'JWT',
      issuedAt: 'Not specified',
      expiresAt: 'Not specified',
      subject: 'Not specified',
      issuer: 'Not specified',
      audience: 'Not specified',
      expired: false,
    });
  });

  it('shows a subject, issuer, audience or algorithm that is there but no string as written, not as "Not specified"', () => {
    const info = tokenInfo(
      decoded(
        make({ alg: { name: 'HS256' }, typ: 7 }, { sub: { id: 42 }, iss: true, aud: ['app', 1, null, { x: 1 }] }),
      ),
      now,
    );
    expect(info).toMatchObject({
      algorithm: '{"name":"HS256"}',
      type: '7',
      subject: '{"id":42}',
      issuer: 'true',
      audience: 'app, 1, null, {"x":1}',
    });
    // Absent (or an empty string, as before) is still 'Not specified'.
    expect(tokenInfo(decoded(make({ alg: '' }, { sub: '', aud: [] })), now)).toMatchObject({
      algorithm: 'Unknown',
      subject: 'Not specified',
      audience: 'Not specified',
    });
  });

  it('fills every field and sets the expired flag when exp is in the past', () => {
    const t = decoded(
      make(
        { alg: 'RS256', typ: 'at+jwt' },
        {
          sub: 'u1',
          iss: 'https://id.example',
          aud: ['api', 'web'],
          iat: now / 1000 - 7200,
          exp: now / 1000 - 3 * 3600,
        },
      ),
    );
    const info = tokenInfo(t, now, 'en-GB');
    expect(info).toMatchObject({
      algorithm: 'RS256',
      type: 'at+jwt',
      subject: 'u1',
      issuer: 'https://id.example',
      audience: 'api, web',
      expired: true,
    });
    expect(info.expiresAt).toBe(new Date(now - 3 * 3600_000).toLocaleString('en-GB', { timeZoneName: 'short' }));
  });

  it('labels every date with its time zone (a local time alone is ambiguous)', () => {
    const t = decoded(make({}, { iat: 1_700_000_000, exp: 1_700_003_600 }));
    const info = tokenInfo(t, now, 'en-GB');
    const zoned = { timeZoneName: 'short' } as const;
    expect(info.issuedAt).toBe(new Date(1_700_000_000_000).toLocaleString('en-GB', zoned));
    expect(info.expiresAt).toMatch(/ (UTC|GMT[+-]?[\d:]*|[A-Z]{3,5})$/);
    expect(timeClaims(t.payload, 'en-GB')[1]?.date).toBe(info.expiresAt);
  });

  it('counts a token as expired from the second exp names (RFC 7519 4.1.4: on or after)', () => {
    expect(tokenInfo(decoded(make({}, { exp: now / 1000 })), now).expired).toBe(true);
    expect(lifetimeStatus({ exp: now / 1000 }, now)).toEqual({ kind: 'expired', text: 'expired 0 seconds ago' });
    expect(tokenInfo(decoded(make({}, { exp: now / 1000 + 1 })), now).expired).toBe(false);
    expect(lifetimeStatus({ nbf: now / 1000 }, now).kind).toBe('no-expiry'); // valid from nbf on
  });

  it('describes the lifetime in words', () => {
    expect(lifetimeStatus({ exp: now / 1000 - 3 * 3600 }, now).text).toBe('expired 3 hours ago');
    expect(lifetimeStatus({ exp: now / 1000 + 12 * 60 + 5 }, now).text).toBe('valid for 12 minutes');
    expect(lifetimeStatus({ exp: now / 1000 + 86400, nbf: now / 1000 + 90 }, now)).toMatchObject({
      kind: 'not-yet-valid',
    });
    expect(lifetimeStatus({ exp: now / 1000 + 86400, nbf: now / 1000 + 90 }, now).text).toMatch(/^not yet valid/);
    expect(lifetimeStatus({}, now).kind).toBe('no-expiry');
    expect(duration(1000)).toBe('1 second');
    expect(duration(2 * 86400_000)).toBe('2 days');
  });

  it('says a token whose exp is not after its nbf is never valid, instead of "becomes valid in" a time it will not', () => {
    // nbf in an hour and exp a day ago read "not yet valid (becomes valid in 1 hour)" beside Expired.
    const never = { kind: 'invalid', text: 'never valid: exp is not after nbf, so libraries refuse this token' };
    expect(lifetimeStatus({ exp: now / 1000 - 86400, nbf: now / 1000 + 3600 }, now)).toEqual(never);
    expect(lifetimeStatus({ exp: now / 1000 + 60, nbf: now / 1000 + 3600 }, now)).toEqual(never);
    expect(lifetimeStatus({ exp: now / 1000 + 3600, nbf: now / 1000 + 3600 }, now)).toEqual(never);
    expect(lifetimeStatus({ exp: now / 1000 - 60, nbf: now / 1000 - 3600 }, now).text).toBe('expired 1 minute ago');
  });

  it('says when exp, nbf or iat is there but no time, instead of "no expiry" or "Invalid Date"', () => {
    // A string exp (a 2023 date) was shown as "Not specified" and "no expiry (exp not set)".
    expect(lifetimeStatus({ exp: '1700000000' }, now)).toEqual({
      kind: 'invalid',
      text: 'exp is not a time in seconds ("1700000000"), so libraries refuse this token',
    });
    expect(statusWord(false, lifetimeStatus({ exp: '1700000000' }, now).kind)).toBe('Invalid');
    // Numbers beyond what a date holds were "Invalid Date" next to "valid for 3170979198319 years".
    expect(lifetimeStatus({ exp: 1e20 }, now).kind).toBe('invalid');
    expect(lifetimeStatus({ exp: now / 1000 + 60, nbf: null }, now).text).toMatch(
      /^nbf is not a time in seconds \(null\)/,
    );
    const info = tokenInfo(decoded(make({}, { exp: '1700000000', iat: -1e15 })), now, 'en-GB');
    expect(info.expiresAt).toBe('not a valid time: "1700000000"');
    expect(info.issuedAt).toBe('not a valid time: -1000000000000000');
    expect(tokenInfo(decoded(make({}, { exp: 8640000000001 })), now).expiresAt).toBe('not a valid time: 8640000000001');
    expect(statusWord(false, 'valid')).toBe('Not expired');
    expect(statusWord(true, 'invalid')).toBe('Expired');
  });

  it('says a token whose iat is no time is refused, as jose refuses it ("iat" claim must be a number)', () => {
    // It read "Not expired — valid for 1 hour" beside an Issued At of 'not a valid time: "2023-11-14"'.
    expect(lifetimeStatus({ iat: '2023-11-14', exp: now / 1000 + 3600 }, now)).toEqual({
      kind: 'invalid',
      text: 'iat is not a time in seconds ("2023-11-14"), so libraries refuse this token',
    });
    expect(lifetimeStatus({ iat: now / 1000 + 0.5, exp: now / 1000 + 3600 }, now).kind).toBe('valid');
  });

  it('lists every time claim as a date and flags alg none', () => {
    const claims = timeClaims({ iat: 1_700_000_000, exp: 1_700_003_600, nbf: 'x', auth_time: 1_699_999_000 }, 'en-GB');
    expect(claims.map((c) => c.claim)).toEqual(['iat', 'exp', 'auth_time']);
    expect(claims[0]?.date).toBe(new Date(1_700_000_000_000).toLocaleString('en-GB', { timeZoneName: 'short' }));
    expect(isUnsigned({ alg: 'none' })).toBe(true);
    expect(isUnsigned({ alg: 'NONE' })).toBe(true);
    expect(isUnsigned({ alg: 'HS256' })).toBe(false);
  });

  it('reads and writes the token in the URL fragment', () => {
    const token = make({ alg: 'none' }, { a: 1 }, '');
    expect(tokenFromFragment(fragmentForToken(token))).toBe(token);
    expect(fragmentForToken(token)).toBe(`#token=${token}`); // base64url needs no escape
    expect(tokenFromFragment('#other=1')).toBe('');
    // The standard alphabet decodes too: its + came back from the link as a space, = and / broken.
    const standard = `${btoa('{"alg":"none"}')}.${btoa('{"a":"~~~>>>?"}')}.`;
    expect(standard).toMatch(/=.*\+/);
    expect(decodeJwt(standard).ok).toBe(true);
    expect(tokenFromFragment(fragmentForToken(standard))).toBe(standard);
    expect(fragmentWithoutStaleToken(fragmentForToken(standard), standard)).toBeNull();
  });

  it('shows numeric claims in the grid as the token writes them, and a time no date holds as not expired', () => {
    const raw = (json: string) => bytesToBase64Url(new TextEncoder().encode(json));
    const t = decoded(
      `${raw('{"alg":"HS256","typ":1.10}')}.${raw('{"sub":12345678901234567890,"aud":["a",9007199254740993],"iat":1e400}')}.x`,
    );
    // JSON.parse's values: 12345678901234567000, 9007199254740992, 1.1 and null.
    expect(tokenInfo(t, now)).toMatchObject({
      subject: '12345678901234567890',
      audience: 'a, 9007199254740993',
      type: '1.10',
      issuedAt: 'not a valid time: 1e400',
    });
    expect(lifetimeStatus(t.payload, now, t.text.payload).text).toBe(
      'iat is not a time in seconds (1e400), so libraries refuse this token',
    );
    // exp -1e20 is no time: Invalid, as 1e20 is, not Expired.
    for (const exp of [-1e20, 1e20]) {
      const bad = decoded(make({}, { exp }));
      expect(tokenInfo(bad, now).expired).toBe(false);
      expect(statusWord(tokenInfo(bad, now).expired, lifetimeStatus(bad.payload, now).kind)).toBe('Invalid');
    }
  });

  it('keeps the copy messages of the spec', () => {
    expect(MESSAGES.copied('header')).toBe('Copied header to clipboard!');
    expect(MESSAGES.copyFailed).toBe('Failed to copy to clipboard');
  });
});

// Tokens signed with WebCrypto here, verified by the page's code.
async function sign(
  alg: string,
  payload: object,
  rsaBits = 2048,
): Promise<{ token: string; verifyKey: string; jwk: string; wrongKey: string }> {
  const bits = alg.slice(2);
  const hash = `SHA-${bits}`;
  const header = enc({ alg, typ: 'JWT' });
  const body = enc(payload);
  const data = new TextEncoder().encode(`${header}.${body}`);
  const pem = async (k: CryptoKey) => {
    const der = new Uint8Array(await crypto.subtle.exportKey('spki', k));
    return `-----BEGIN PUBLIC KEY-----\n${btoa(String.fromCharCode(...der)).replace(/(.{64})/g, '$1\n')}\n-----END PUBLIC KEY-----`;
  };
  if (alg.startsWith('HS')) {
    const secret = `secret-for-${alg}-✓`;
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash }, false, [
      'sign',
    ]);
    const sig = new Uint8Array(await crypto.subtle.sign('HMAC', key, data));
    return { token: `${header}.${body}.${bytesToBase64Url(sig)}`, verifyKey: secret, jwk: '', wrongKey: 'wrong' };
  }
  const family = alg.slice(0, 2);
  const gen =
    family === 'ES'
      ? { name: 'ECDSA', namedCurve: { '256': 'P-256', '384': 'P-384', '512': 'P-521' }[bits]! }
      : {
          name: family === 'RS' ? 'RSASSA-PKCS1-v1_5' : 'RSA-PSS',
          modulusLength: rsaBits,
          publicExponent: new Uint8Array([1, 0, 1]),
          hash,
        };
  const pair = (await crypto.subtle.generateKey(gen, true, ['sign', 'verify'])) as CryptoKeyPair;
  const other = (await crypto.subtle.generateKey(gen, true, ['sign', 'verify'])) as CryptoKeyPair;
  const params =
    family === 'ES'
      ? { name: 'ECDSA', hash }
      : family === 'PS'
        ? { name: 'RSA-PSS', saltLength: Number(bits) / 8 }
        : { name: 'RSASSA-PKCS1-v1_5' };
  const sig = new Uint8Array(await crypto.subtle.sign(params, pair.privateKey, data));
  return {
    token: `${header}.${body}.${bytesToBase64Url(sig)}`,
    verifyKey: await pem(pair.publicKey),
    jwk: JSON.stringify(await crypto.subtle.exportKey('jwk', pair.publicKey)),
    wrongKey: await pem(other.publicKey),
  };
}

describe('signature verification (WebCrypto)', () => {
  it.each(['HS256', 'HS384', 'HS512', 'RS256', 'RS512', 'PS256', 'PS384', 'ES256', 'ES384', 'ES512'])(
    '%s: right key verifies, wrong key or tampered payload does not',
    async (alg) => {
      const { token, verifyKey, jwk, wrongKey } = await sign(alg, { sub: 'ü-user', admin: false });
      const t = decoded(token);
      expect(await verifySignature(t, verifyKey)).toMatchObject({ status: 'valid' });
      if (jwk) expect(await verifySignature(t, jwk)).toMatchObject({ status: 'valid' });
      expect(await verifySignature(t, wrongKey)).toMatchObject({ status: 'invalid' });
      const tampered = decoded(`${token.split('.')[0]}.${enc({ sub: 'ü-user', admin: true })}.${token.split('.')[2]}`);
      expect(await verifySignature(tampered, verifyKey)).toMatchObject({ status: 'invalid' });
    },
  );

  it.each(['RS256', 'PS256', 'RS512'])(
    '%s with an RSA key under 2048 bits: the signature matches, but libraries refuse the key (RFC 7518 3.3)',
    async (alg) => {
      // Before, a 1024-bit key read "Signature verified", where jose and jsonwebtoken 9 throw.
      const { token, verifyKey, jwk } = await sign(alg, { sub: 'x' }, 1024);
      const refused = {
        status: 'invalid',
        message: `The signature matches this key, but the key is 1024 bits: ${alg} needs 2048 or more (RFC 7518 3.3), and libraries such as jose and jsonwebtoken refuse it.`,
      };
      expect(await verifySignature(decoded(token), verifyKey)).toEqual(refused);
      expect(await verifySignature(decoded(token), jwk)).toEqual(refused);
      // A tampered token with the short key is simply invalid.
      const tampered = decoded(`${token.split('.')[0]}.${enc({ sub: 'y' })}.${token.split('.')[2]}`);
      expect(await verifySignature(tampered, verifyKey)).toMatchObject({
        status: 'invalid',
        message: 'Invalid signature: it does not match this key.',
      });
    },
  );

  it('accepts a base64url-encoded HMAC secret when told so', async () => {
    const raw = crypto.getRandomValues(new Uint8Array(32));
    const key = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const signingInput = `${enc({ alg: 'HS256' })}.${enc({ a: 1 })}`;
    const sig = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(signingInput)));
    const t = decoded(`${signingInput}.${bytesToBase64Url(sig)}`);
    expect(await verifySignature(t, bytesToBase64Url(raw), { secretIsBase64Url: true })).toMatchObject({
      status: 'valid',
    });
    expect(await verifySignature(t, bytesToBase64Url(raw))).toMatchObject({ status: 'invalid' });
  });

  it('takes an HMAC secret given as an oct JWK (or a JWK set of them), as jose does', async () => {
    // The JWK's text was used as the secret: "Invalid signature: it does not match this secret."
    const raw = crypto.getRandomValues(new Uint8Array(32));
    const key = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-384' }, false, ['sign']);
    const input = `${enc({ alg: 'HS384', kid: 'h1' })}.${enc({ a: 1 })}`;
    const sig = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(input)));
    const t = decoded(`${input}.${bytesToBase64Url(sig)}`);
    const jwk = { kty: 'oct', k: bytesToBase64Url(raw), alg: 'HS384', kid: 'h1' };
    const valid = { status: 'valid', message: 'Signature verified (HS384).' };
    expect(await verifySignature(t, JSON.stringify(jwk))).toEqual(valid);
    expect(await verifySignature(t, JSON.stringify({ keys: [{ ...jwk, kid: 'h0', k: 'AAAA' }, jwk] }))).toEqual(valid);
    expect(await verifySignature(t, '{"kty": "oct", "k": "AAAA"}')).toMatchObject({ status: 'invalid' });
  });

  it('never claims anything for alg none, unknown algorithms, empty or malformed keys', async () => {
    expect(await verifySignature(decoded(make({ alg: 'none' }, {}, '')), 'x')).toMatchObject({ status: 'error' });
    expect(await verifySignature(decoded(make({ alg: 'HS256' }, {})), '  ')).toMatchObject({ status: 'error' });
    expect(await verifySignature(decoded(make({ alg: 'RS256' }, {})), 'not a key')).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/PEM public key/),
    });
    expect(await verifySignature(decoded(make({ alg: 'EdDSA' }, {})), 'k')).toMatchObject({ status: 'error' });
    expect(await verifySignature(decoded(make({ alg: 'ES256K' }, {})), 'k')).toMatchObject({ status: 'error' });
  });

  it('says whether the signature or the base64url secret is not base64url (both read "not valid Base64url")', async () => {
    // A signature cut or edited by hand (a character that no Base64 alphabet has).
    const t = decoded(make({ alg: 'HS256' }, { a: 1 }, 'ab!cd'));
    expect(await verifySignature(t, 'c2VjcmV0', { secretIsBase64Url: true })).toEqual({
      status: 'invalid',
      message:
        'Invalid signature: the signature is not valid Base64url: it contains "!" (only A-Z, a-z, 0-9, - and _ may appear)',
    });
    expect(
      await verifySignature(decoded(make({ alg: 'HS256' }, { a: 1 })), 'se!cret', { secretIsBase64Url: true }),
    ).toEqual({
      status: 'error',
      message:
        'Could not verify: the secret is not valid Base64url: it contains "!" (only A-Z, a-z, 0-9, - and _ may appear)',
    });
  });

  it("verifies with a private JWK (its public half) or a JWK set (the key of the token's kid)", async () => {
    // Both gave WebCrypto's "Unsupported key usage for a ECDSA key" / "Invalid keyData".
    const gen = { name: 'ECDSA', namedCurve: 'P-256' };
    const pair = (await crypto.subtle.generateKey(gen, true, ['sign', 'verify'])) as CryptoKeyPair;
    const other = (await crypto.subtle.generateKey(gen, true, ['sign', 'verify'])) as CryptoKeyPair;
    const input = `${enc({ alg: 'ES256', kid: 'k2' })}.${enc({ sub: 'u' })}`;
    const sig = await crypto.subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      pair.privateKey,
      new TextEncoder().encode(input),
    );
    const t = decoded(`${input}.${bytesToBase64Url(new Uint8Array(sig))}`);
    const jwk = async (k: CryptoKey, kid: string) => ({ ...(await crypto.subtle.exportKey('jwk', k)), kid });
    expect(await verifySignature(t, JSON.stringify(await jwk(pair.privateKey, 'k2')))).toMatchObject({
      status: 'valid',
    });
    const set = { keys: [await jwk(other.publicKey, 'k1'), await jwk(pair.publicKey, 'k2')] };
    expect(await verifySignature(t, JSON.stringify(set))).toMatchObject({ status: 'valid' });
    const wrong = { keys: [await jwk(other.publicKey, 'k1'), await jwk(pair.publicKey, 'k3')] };
    expect(await verifySignature(t, JSON.stringify(wrong))).toEqual({
      status: 'error',
      message: 'Could not verify: the JWK set has no EC key with kid "k2".',
    });
    const noKid = decoded(`${enc({ alg: 'ES256' })}.${enc({ sub: 'u' })}.${t.signature}`);
    expect(await verifySignature(noKid, JSON.stringify(set))).toEqual({
      status: 'error',
      message: 'Could not verify: the JWK set has 2 EC keys and the token has no kid to choose one.',
    });
  });

  it('says an ES signature in DER (as openssl and node sign by default) is not the r‖s form JWS requires', async () => {
    // It read "Invalid signature: it does not match this key." though the key was the right one.
    const { createSign, generateKeyPairSync } = await import('node:crypto');
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-384' });
    const input = `${enc({ alg: 'ES384' })}.${enc({ sub: 'der' })}`;
    const der = createSign('SHA384').update(input).sign(privateKey);
    const t = decoded(`${input}.${bytesToBase64Url(new Uint8Array(der))}`);
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(await verifySignature(t, pem)).toEqual({
      status: 'invalid',
      message: `Invalid signature: it is ${der.length} bytes in DER form; ES384 signatures are 96 bytes, r and s side by side (RFC 7518 3.4), so libraries refuse it.`,
    });
    const short = decoded(`${input}.${bytesToBase64Url(new Uint8Array(10))}`);
    expect(await verifySignature(short, pem)).toEqual({
      status: 'invalid',
      message: 'Invalid signature: it is 10 bytes; ES384 signatures are 96 bytes, r and s side by side (RFC 7518 3.4).',
    });
  });

  it('verifies EdDSA (Ed25519) with a PEM public or private key and a JWK, as jose and jwt.io do', async () => {
    // It said "Cannot verify algorithm "EdDSA": supported are HS256, ...".
    const { generateKeyPairSync, sign: edSign } = await import('node:crypto');
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const other = generateKeyPairSync('ed25519').publicKey;
    const input = `${enc({ alg: 'EdDSA', typ: 'JWT' })}.${enc({ sub: 'ed-user' })}`;
    const t = decoded(`${input}.${bytesToBase64Url(new Uint8Array(edSign(null, Buffer.from(input), privateKey)))}`);
    const valid = { status: 'valid', message: 'Signature verified (EdDSA).' };
    expect(await verifySignature(t, publicKey.export({ type: 'spki', format: 'pem' }).toString())).toEqual(valid);
    expect(await verifySignature(t, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString())).toEqual(valid);
    expect(await verifySignature(t, JSON.stringify(publicKey.export({ format: 'jwk' })))).toEqual(valid);
    expect(await verifySignature(t, JSON.stringify(privateKey.export({ format: 'jwk' })))).toEqual(valid);
    expect(await verifySignature(t, other.export({ type: 'spki', format: 'pem' }).toString())).toMatchObject({
      status: 'invalid',
    });
  });

  it('picks from a JWK set without kid the one key that fits, as jose does: curve, alg and use', async () => {
    // It answered "the JWK set has 2 EC keys and the token has no kid to choose one".
    const { generateKeyPairSync, sign: nodeSign } = await import('node:crypto');
    const p256 = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' });
    const input = `${enc({ alg: 'ES256' })}.${enc({ sub: 'set' })}`;
    const sig = nodeSign('SHA256', Buffer.from(input), { key: p256.privateKey, dsaEncoding: 'ieee-p1363' });
    const t = decoded(`${input}.${bytesToBase64Url(new Uint8Array(sig))}`);
    const jwk = (k: KeyObject, extra = {}) => ({ ...k.export({ format: 'jwk' }), ...extra });
    const valid = { status: 'valid', message: 'Signature verified (ES256).' };
    expect(await verifySignature(t, JSON.stringify({ keys: [jwk(p384.publicKey), jwk(p256.publicKey)] }))).toEqual(
      valid,
    );
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey;
    const byUse = { keys: [jwk(other, { use: 'enc' }), jwk(p256.publicKey, { use: 'sig' })] };
    expect(await verifySignature(t, JSON.stringify(byUse))).toEqual(valid);
    const byAlg = { keys: [jwk(other, { alg: 'ECDH-ES' }), jwk(p256.publicKey, { alg: 'ES256' })] };
    expect(await verifySignature(t, JSON.stringify(byAlg))).toEqual(valid);
  });

  it('does not report verified a token whose crit header names extensions it must understand (RFC 7515 4.1.11)', async () => {
    // jose refuses it ('Extension Header Parameter "exp" is not recognized'); it read "Signature verified".
    const secret = 'crit-secret';
    const key = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    const input = `${enc({ alg: 'HS256', crit: ['exp'], exp: 1 })}.${enc({ sub: 'c' })}`;
    const sig = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(input));
    const t = decoded(`${input}.${bytesToBase64Url(new Uint8Array(sig))}`);
    expect(await verifySignature(t, secret)).toEqual({
      status: 'error',
      message:
        'Could not verify: the header\'s crit lists "exp", an extension this page does not process; a token whose crit names one is refused (RFC 7515 4.1.11).',
    });
  });

  it('names a key of the wrong type or curve, where Chromium\'s WebCrypto said only "DataError"', async () => {
    const rs = await sign('RS256', { sub: 'x' });
    const es = await sign('ES256', { sub: 'x' });
    const es384 = await sign('ES384', { sub: 'x' });
    const ed = await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify']);
    const edPem = `-----BEGIN PUBLIC KEY-----\n${btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.exportKey('spki', (ed as CryptoKeyPair).publicKey))))}\n-----END PUBLIC KEY-----`;
    const error = (message: string) => ({ status: 'error', message });
    expect(await verifySignature(decoded(rs.token), es.verifyKey)).toEqual(
      error('Could not verify: this is an EC (P-256) public key; RS256 is checked with an RSA key.'),
    );
    expect(await verifySignature(decoded(rs.token), edPem)).toEqual(
      error('Could not verify: this is an Ed25519 public key; RS256 is checked with an RSA key.'),
    );
    expect(await verifySignature(decoded(es.token), rs.verifyKey)).toEqual(
      error('Could not verify: this is an RSA public key; ES256 is checked with an EC (P-256) key.'),
    );
    expect(await verifySignature(decoded(es.token), es384.verifyKey)).toEqual(
      error('Could not verify: this is an EC (P-384) public key; ES256 is checked with an EC (P-256) key.'),
    );
    expect(await verifySignature(decoded(es.token), rs.jwk)).toEqual(
      error('Could not verify: this is an RSA public key; ES256 is checked with an EC (P-256) key.'),
    );
    // A PEM block whose content is no key at all.
    expect(
      await verifySignature(decoded(rs.token), '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----'),
    ).toEqual(error('Could not verify: the PUBLIC KEY block holds no key this page can read.'));
  });

  it('says a header without alg has none, and quotes an alg that is no string as written', async () => {
    // They read 'Cannot verify algorithm "undefined"' and 'Cannot verify algorithm "[object Object]"'.
    const supported =
      'supported are HS256, HS384, HS512, RS256, RS384, RS512, PS256, PS384, PS512, ES256, ES384, ES512, EdDSA.';
    expect(await verifySignature(decoded(make({ typ: 'JWT' }, {})), 'k')).toEqual({
      status: 'error',
      message: `Cannot verify: the header names no algorithm (alg); ${supported}`,
    });
    expect(await verifySignature(decoded(make({ alg: { name: 'HS256' } }, {})), 'k')).toEqual({
      status: 'error',
      message: `Cannot verify algorithm "{"name":"HS256"}": ${supported}`,
    });
  });

  it('quotes at most a short excerpt of a long unknown algorithm', async () => {
    const out = await verifySignature(decoded(make({ alg: 'X'.repeat(100_000) }, {})), 'k');
    expect(out).toMatchObject({ status: 'error', message: expect.stringContaining('(100,000 characters)') });
    expect('message' in out && out.message.length).toBeLessThan(200);
  });
});

describe('verification with the PEM blocks people paste: certificates, PKCS#1 and private keys', () => {
  // Made with openssl (tests/fixtures/jwt/README.md). Before 2026-11-30 all but BEGIN PUBLIC KEY
  // were refused with "expected a PEM public key", where jwt.io verifies with a certificate.
  const fixture = (name: string) =>
    readFileSync(new URL(`../../../tests/fixtures/jwt/${name}`, import.meta.url), 'utf8');
  const signWith = async (alg: 'RS256' | 'ES256', keyFile: string) => {
    const der = base64UrlToBytes(fixture(keyFile).replace(/-----[A-Z ]+-----|\s/g, ''));
    const params =
      alg === 'RS256' ? { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } : { name: 'ECDSA', namedCurve: 'P-256' };
    const key = await crypto.subtle.importKey('pkcs8', der as BufferSource, params, false, ['sign']);
    const input = `${enc({ alg, typ: 'JWT' })}.${enc({ sub: 'cert-user' })}`;
    const sig = await crypto.subtle.sign({ ...params, hash: 'SHA-256' }, key, new TextEncoder().encode(input));
    return decoded(`${input}.${bytesToBase64Url(new Uint8Array(sig))}`);
  };

  it('verifies RS256 with the X.509 certificate, the PKCS#1 public key and the private key', async () => {
    const t = await signWith('RS256', 'rsa.key');
    for (const key of ['rsa.crt', 'rsa.pkcs1.pub', 'rsa.key'])
      expect(await verifySignature(t, fixture(key)), key).toEqual({
        status: 'valid',
        message: 'Signature verified (RS256).',
      });
    expect(await verifySignature(t, fixture('other-rsa.crt'))).toMatchObject({ status: 'invalid' });
  });

  it('verifies ES256 with the certificate and the private key', async () => {
    const t = await signWith('ES256', 'ec.key');
    expect(await verifySignature(t, fixture('ec.crt'))).toMatchObject({ status: 'valid' });
    expect(await verifySignature(t, fixture('ec.key'))).toMatchObject({ status: 'valid' });
  });

  it('refuses a public key given as the secret of an HS256 token (the algorithm-confusion attack), as libraries do', async () => {
    // Anyone can sign HS256 with a published public key as the secret; it was reported as verified.
    const refused = (alg: string) => ({
      status: 'error',
      message: `Could not verify: this is a public key, but ${alg} is checked with a shared secret. A token that names ${alg} and is signed with a public key as its secret is the algorithm-confusion attack: libraries refuse it.`,
    });
    for (const [file, alg, hash] of [
      ['rsa.crt', 'HS256', 'SHA-256'],
      ['rsa.pkcs1.pub', 'HS512', 'SHA-512'],
    ] as const) {
      const secret = fixture(file);
      const key = await crypto.subtle.importKey(
        'raw',
        new TextEncoder().encode(secret),
        { name: 'HMAC', hash },
        false,
        ['sign'],
      );
      const input = `${enc({ alg, typ: 'JWT' })}.${enc({ sub: 'admin' })}`;
      const sig = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(input));
      const t = decoded(`${input}.${bytesToBase64Url(new Uint8Array(sig))}`);
      expect(await verifySignature(t, secret), file).toEqual(refused(alg));
    }
    const jwk = { kty: 'EC', crv: 'P-256', x: 'AA', y: 'AA' };
    expect(await verifySignature(decoded(make({ alg: 'HS256' }, {})), JSON.stringify(jwk))).toEqual(refused('HS256'));
  });

  it('says what to do with a traditional private key, and names a cut certificate or a block that is no key', async () => {
    const t = await signWith('RS256', 'rsa.key');
    expect(await verifySignature(t, fixture('rsa.traditional.key'))).toEqual({
      status: 'error',
      message:
        'Could not verify: the RSA PRIVATE KEY block is not read here; paste its public key (openssl pkey -in key.pem -pubout).',
    });
    const cert = fixture('rsa.crt');
    const lines = cert.trim().split('\n');
    const cut = [...lines.slice(0, 8), lines.at(-1)].join('\n');
    expect(await verifySignature(t, cut)).toEqual({
      status: 'error',
      message: 'Could not verify: the certificate is cut short.',
    });
    expect(
      await verifySignature(t, '-----BEGIN CERTIFICATE REQUEST-----\nAA==\n-----END CERTIFICATE REQUEST-----'),
    ).toMatchObject({
      status: 'error',
      message: expect.stringMatching(
        /^Could not verify: the CERTIFICATE REQUEST block is not a key; expected a PEM public key/,
      ),
    });
    expect(await verifySignature(t, '-----BEGIN CERTIFICATE-----\n*not base64*\n-----END CERTIFICATE-----')).toEqual({
      status: 'error',
      message: 'Could not verify: the CERTIFICATE block is not valid base64.',
    });
  });
});
