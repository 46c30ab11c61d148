/**
 * Signature verification with WebCrypto, only when the user provides a key. HS* take a secret;
 * RS*, PS*, ES* and EdDSA (Ed25519) take a public key as PEM (SPKI, certificate, PKCS#1, or a PKCS#8
 * private key's public half) or JWK. Works in browsers and Node 20.
 */
import { quoteExcerpt } from '../../core/excerpt';
import type { DecodedJwt } from './logic';
import { base64UrlToBytes } from '../../core/base64/base64url';
import { keyKind, pemKey, type KeyKind } from './pem';

export type VerifyOutcome = { status: 'valid' | 'invalid'; message: string } | { status: 'error'; message: string };

type Family = 'HS' | 'RS' | 'PS' | 'ES' | 'Ed';
type Bits = '256' | '384' | '512';

const HASHES: Record<Bits, string> = { '256': 'SHA-256', '384': 'SHA-384', '512': 'SHA-512' };
const CURVES: Record<Bits, string> = { '256': 'P-256', '384': 'P-384', '512': 'P-521' };

const SUPPORTED_ALGORITHMS = [
  'HS256',
  'HS384',
  'HS512',
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

/** The token's alg as an analytics event may carry it: a known name, never the token's own text. */
export function reportedAlg(alg: unknown): string {
  return typeof alg === 'string' && (SUPPORTED_ALGORITHMS.includes(alg) || alg === 'none') ? alg : 'other';
}

function parseAlg(alg: unknown): { family: Family; bits: Bits } | null {
  // EdDSA with an Ed25519 key (RFC 8037); browsers' WebCrypto has no Ed448.
  if (alg === 'EdDSA') return { family: 'Ed', bits: '256' };
  const m = typeof alg === 'string' ? /^(HS|RS|PS|ES)(256|384|512)$/.exec(alg) : null;
  return m ? { family: m[1] as Family, bits: m[2] as Bits } : null;
}

type ImportParams = RsaHashedImportParams | EcKeyImportParams | HmacImportParams | Algorithm;

function importParams(family: Family, bits: Bits): ImportParams {
  const hash = HASHES[bits];
  if (family === 'Ed') return { name: 'Ed25519' };
  if (family === 'HS') return { name: 'HMAC', hash };
  if (family === 'RS') return { name: 'RSASSA-PKCS1-v1_5', hash };
  if (family === 'PS') return { name: 'RSA-PSS', hash };
  return { name: 'ECDSA', namedCurve: CURVES[bits] };
}

function verifyParams(family: Family, bits: Bits): AlgorithmIdentifier | RsaPssParams | EcdsaParams {
  if (family === 'HS') return { name: 'HMAC' };
  if (family === 'Ed') return { name: 'Ed25519' };
  if (family === 'RS') return { name: 'RSASSA-PKCS1-v1_5' };
  if (family === 'PS') return { name: 'RSA-PSS', saltLength: Number(bits) / 8 };
  return { name: 'ECDSA', hash: HASHES[bits] };
}

/** JWS ECDSA signatures are r and s side by side, each the curve's size (RFC 7518 3.4). */
const EC_SIGNATURE_BYTES: Record<Bits, number> = { '256': 64, '384': 96, '512': 132 };

/** A DER ECDSA-Sig-Value: SEQUENCE { INTEGER r, INTEGER s }, as openssl and node sign by default. */
function isDerSignature(sig: Uint8Array): boolean {
  if (sig.length < 8 || sig[0] !== 0x30) return false;
  const long = sig[1] === 0x81;
  const start = long ? 3 : 2;
  if ((long ? sig[2] : sig[1]) !== sig.length - start || sig[start] !== 0x02) return false;
  const s = start + 2 + sig[start + 1]!;
  return sig[s] === 0x02 && s + 2 + sig[s + 1]! === sig.length;
}

/** Why an ES signature of the wrong size cannot match any key; '' when its size is right. */
function ecSignatureProblem(sig: Uint8Array, alg: string, bits: Bits): string {
  const expected = EC_SIGNATURE_BYTES[bits];
  if (sig.length === expected) return '';
  const form = `${alg} signatures are ${expected} bytes, r and s side by side (RFC 7518 3.4)`;
  return isDerSignature(sig)
    ? `it is ${sig.length} bytes in DER form; ${form}, so libraries refuse it.`
    : `it is ${sig.length} bytes; ${form}.`;
}

const KEY_TYPES: Record<Family, string> = { HS: 'oct', RS: 'RSA', PS: 'RSA', ES: 'EC', Ed: 'OKP' };
/** A private JWK's own members: without them it is its public half. */
const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth'] as const;

type Jwk = JsonWebKey & { kid?: unknown };

/**
 * The key of a JWK set ({"keys": [...]}) for the token, chosen as jose chooses: of the family's
 * type, for signing (`use` absent or "sig"), for the token's alg and curve when the key names
 * them, then by the token's kid.
 */
function keyOfSet(keys: Jwk[], family: Family, bits: Bits, alg: string, kid: unknown): Jwk {
  const kty = KEY_TYPES[family];
  const crv = family === 'ES' ? CURVES[bits] : family === 'Ed' ? 'Ed25519' : undefined;
  const ofType = keys.filter(
    (k) =>
      k.kty === kty &&
      (k.use === undefined || k.use === 'sig') &&
      (k.alg === undefined || k.alg === alg) &&
      (crv === undefined || k.crv === crv),
  );
  const matching = typeof kid === 'string' ? ofType.filter((k) => k.kid === kid) : ofType;
  if (matching.length === 1) return matching[0]!;
  if (typeof kid === 'string') throw new Error(`the JWK set has no ${kty} key with kid ${quoteExcerpt(kid)}.`);
  throw new Error(`the JWK set has ${ofType.length} ${kty} keys and the token has no kid to choose one.`);
}

/** The public half of a JWK, with nothing that would make WebCrypto refuse it for verifying. */
function publicHalf(key: Jwk): JsonWebKey {
  const jwk = { ...key };
  delete jwk.alg; // let the token's alg decide; a mismatching JWK alg would make import fail obscurely
  delete jwk.key_ops;
  delete jwk.kid;
  for (const member of PRIVATE_JWK_MEMBERS) delete jwk[member];
  return jwk;
}

/** The public JWK to verify with: a JWK, the public half of a private JWK, or the token's key in a JWK set. */
function publicJwk(text: string, family: Family, bits: Bits, alg: string, kid: unknown): JsonWebKey {
  const value = JSON.parse(text) as Jwk & { keys?: unknown };
  return publicHalf(Array.isArray(value.keys) ? keyOfSet(value.keys as Jwk[], family, bits, alg, kid) : value);
}

/** The kind of key an algorithm family verifies with. */
function neededKind(family: Family, bits: Bits): KeyKind {
  if (family === 'ES') return { kty: 'EC', crv: CURVES[bits] };
  if (family === 'Ed') return { kty: 'OKP', crv: 'Ed25519' };
  return { kty: 'RSA' };
}

const kindText = (k: KeyKind) => (k.kty === 'RSA' ? 'an RSA' : k.kty === 'EC' ? `an EC (${k.crv})` : `an ${k.crv}`);

/**
 * Refuses a key of another kind than `alg` verifies with, saying which: Chromium's WebCrypto
 * refuses it with a DataError and no message ("Could not verify: DataError").
 */
function checkKind(key: KeyKind, family: Family, bits: Bits, alg: string, what: string): void {
  const needed = neededKind(family, bits);
  if (key.kty === needed.kty && (key.kty === 'RSA' || (needed.kty !== 'RSA' && key.crv === needed.crv))) return;
  throw new Error(`this is ${kindText(key)} ${what}; ${alg} is checked with ${kindText(needed)} key.`);
}

/** A JWK's kind when it names a known kty ('RSA', 'EC' or 'OKP' with crv); otherwise null. */
function jwkKeyKind(jwk: JsonWebKey): KeyKind | null {
  if (jwk.kty === 'RSA') return { kty: 'RSA' };
  if ((jwk.kty === 'EC' || jwk.kty === 'OKP') && typeof jwk.crv === 'string') return { kty: jwk.kty, crv: jwk.crv };
  return null;
}

/** A PEM key, certificate or private key (its public half) as a key that verifies. */
async function importPem(
  text: string,
  params: ImportParams,
  family: Family,
  bits: Bits,
  alg: string,
): Promise<CryptoKey> {
  const { format, der, label } = pemKey(text);
  const kind = keyKind(der);
  if (!kind) throw new Error(`the ${label} block holds no key this page can read.`);
  checkKind(kind, family, bits, alg, format === 'spki' ? 'public key' : 'private key');
  if (format === 'spki') return crypto.subtle.importKey('spki', der as BufferSource, params, false, ['verify']);
  const privateKey = await crypto.subtle.importKey('pkcs8', der as BufferSource, params, true, ['sign']);
  const jwk = publicHalf(await crypto.subtle.exportKey('jwk', privateKey));
  return crypto.subtle.importKey('jwk', jwk, params, false, ['verify']);
}

async function importKey(
  family: Family,
  bits: Bits,
  key: string,
  secretIsBase64Url: boolean,
  alg: string,
  kid: unknown,
): Promise<CryptoKey> {
  const params = importParams(family, bits);
  if (family === 'HS') {
    // An oct JWK (or a set of them) holds the secret in k, as jose's importJWK reads it.
    if (!secretIsBase64Url && jwkKind(key.trim()) === 'oct')
      return crypto.subtle.importKey('jwk', publicJwk(key.trim(), family, bits, alg, kid), params, false, ['verify']);
    const raw = secretIsBase64Url ? base64UrlPart(key.trim(), 'secret') : new TextEncoder().encode(key);
    return crypto.subtle.importKey('raw', raw as BufferSource, params, false, ['verify']);
  }
  const text = key.trim();
  if (text.startsWith('{')) {
    const jwk = publicJwk(text, family, bits, alg, kid);
    const kind = jwkKeyKind(jwk);
    if (kind) checkKind(kind, family, bits, alg, 'public key');
    return crypto.subtle.importKey('jwk', jwk, params, false, ['verify']);
  }
  return importPem(text, params, family, bits, alg);
}

/** The bytes of a base64url text; an error names `what` ("the secret is not valid Base64url: …"). */
function base64UrlPart(text: string, what: 'secret' | 'signature'): Uint8Array {
  try {
    return base64UrlToBytes(text);
  } catch (e) {
    throw new Error(`the ${what} is ${(e as Error).message}`);
  }
}

/** What a JWK or JWK set is: an HMAC secret ('oct'), a public-key type, or no JWK at all. */
function jwkKind(text: string): 'oct' | 'public' | null {
  if (!text.startsWith('{')) return null;
  try {
    const value = JSON.parse(text) as { kty?: unknown; keys?: unknown };
    if (Array.isArray(value.keys))
      return (value.keys as { kty?: unknown }[]).some((k) => k?.kty === 'oct') ? 'oct' : 'public';
    return typeof value.kty === 'string' ? (value.kty === 'oct' ? 'oct' : 'public') : null;
  } catch {
    return null;
  }
}

/** A PEM public key or certificate, or a JWK (set) of a public-key type: no HMAC secret. */
function isPublicKeyText(key: string): boolean {
  const text = key.trim();
  return /-----BEGIN ([A-Z0-9 ]* )?(PUBLIC KEY|CERTIFICATE)-----/.test(text) || jwkKind(text) === 'public';
}

/** RFC 7518 3.3: RS* and PS* keys "of size 2048 bits or larger MUST be used"; jose and jsonwebtoken 9 enforce it. */
const MIN_RSA_BITS = 2048;

/** The modulus size of an RSA key under MIN_RSA_BITS, else 0. */
function rsaKeyTooShort(key: CryptoKey): number {
  const bits = (key.algorithm as Partial<RsaHashedKeyAlgorithm>).modulusLength;
  return bits !== undefined && bits < MIN_RSA_BITS ? bits : 0;
}

/** Verifies the token's signature with `key`; never throws. */
export async function verifySignature(
  token: DecodedJwt,
  key: string,
  opts: { secretIsBase64Url?: boolean } = {},
): Promise<VerifyOutcome> {
  const alg = token.header.alg;
  const parsed = parseAlg(alg);
  if (!parsed) {
    const supported = `supported are ${SUPPORTED_ALGORITHMS.join(', ')}.`;
    // A missing alg read 'algorithm "undefined"', an object one 'algorithm "[object Object]"'.
    if (alg === undefined)
      return { status: 'error', message: `Cannot verify: the header names no algorithm (alg); ${supported}` };
    const named = quoteExcerpt(typeof alg === 'string' ? alg : JSON.stringify(alg));
    return { status: 'error', message: `Cannot verify algorithm ${named}: ${supported}` };
  }
  // RFC 7515 4.1.11: extensions named in crit must be understood, or the token refused (as jose does).
  const crit = token.header.crit;
  if (crit !== undefined) {
    const names = Array.isArray(crit) ? crit.map((c) => quoteExcerpt(String(c))) : [quoteExcerpt(JSON.stringify(crit))];
    const what = names.length === 1 ? 'an extension' : 'extensions';
    const listed = names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
    return {
      status: 'error',
      message: `Could not verify: the header's crit lists ${listed}, ${what} this page does not process; a token whose crit names one is refused (RFC 7515 4.1.11).`,
    };
  }
  if (!key.trim())
    return {
      status: 'error',
      message:
        parsed.family === 'HS'
          ? 'Enter the secret to verify the signature.'
          : 'Enter the public key (PEM or JWK) to verify the signature.',
    };
  // Anyone can sign HS* with a published public key as the secret (the algorithm-confusion
  // attack): libraries such as jsonwebtoken refuse a public key for HS*, so a match proves nothing.
  if (parsed.family === 'HS' && isPublicKeyText(key))
    return {
      status: 'error',
      message: `Could not verify: this is a public key, but ${alg} is checked with a shared secret. A token that names ${alg} and is signed with a public key as its secret is the algorithm-confusion attack: libraries refuse it.`,
    };
  // Browsers give WebCrypto to secure pages only: over plain http from another machine it is absent.
  if (!globalThis.crypto?.subtle)
    return {
      status: 'error',
      message: 'Could not verify: this browser verifies signatures only on https or localhost pages.',
    };
  try {
    const cryptoKey = await importKey(
      parsed.family,
      parsed.bits,
      key,
      !!opts.secretIsBase64Url,
      String(alg),
      token.header.kid,
    );
    const data = new TextEncoder().encode(`${token.parts[0]}.${token.parts[1]}`);
    let signature: Uint8Array;
    try {
      signature = base64UrlPart(token.signature, 'signature');
    } catch (e) {
      return { status: 'invalid', message: `Invalid signature: ${(e as Error).message}` };
    }
    // WebCrypto only answers false: the right key would read as "does not match this key".
    const sizeProblem = parsed.family === 'ES' ? ecSignatureProblem(signature, String(alg), parsed.bits) : '';
    if (sizeProblem) return { status: 'invalid', message: `Invalid signature: ${sizeProblem}` };
    const ok = await crypto.subtle.verify(
      verifyParams(parsed.family, parsed.bits),
      cryptoKey,
      signature as BufferSource,
      data,
    );
    if (!ok)
      return {
        status: 'invalid',
        message: `Invalid signature: it does not match this ${parsed.family === 'HS' ? 'secret' : 'key'}.`,
      };
    const shortKey = rsaKeyTooShort(cryptoKey);
    return shortKey
      ? {
          status: 'invalid',
          message: `The signature matches this key, but the key is ${shortKey} bits: ${alg} needs ${MIN_RSA_BITS} or more (RFC 7518 3.3), and libraries such as jose and jsonwebtoken refuse it.`,
        }
      : { status: 'valid', message: `Signature verified (${alg}).` };
  } catch (e) {
    return { status: 'error', message: `Could not verify: ${(e as Error).message || String(e)}` };
  }
}
