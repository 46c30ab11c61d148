/**
 * Signature verification with WebCrypto, only when the user provides a key. HS* take a secret;
 * RS*, PS* and ES* take a public key as PEM (SPKI) or JWK. Works in browsers and Node 20.
 */
import { quoteExcerpt } from '../../core/excerpt';
import type { DecodedJwt } from './logic';
import { base64UrlToBytes } from '../../core/base64/base64url';

export type VerifyOutcome = { status: 'valid' | 'invalid'; message: string } | { status: 'error'; message: string };

type Family = 'HS' | 'RS' | 'PS' | 'ES';
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
];

function parseAlg(alg: unknown): { family: Family; bits: Bits } | null {
  const m = typeof alg === 'string' ? /^(HS|RS|PS|ES)(256|384|512)$/.exec(alg) : null;
  return m ? { family: m[1] as Family, bits: m[2] as Bits } : null;
}

function importParams(family: Family, bits: Bits): RsaHashedImportParams | EcKeyImportParams | HmacImportParams {
  const hash = HASHES[bits];
  if (family === 'HS') return { name: 'HMAC', hash };
  if (family === 'RS') return { name: 'RSASSA-PKCS1-v1_5', hash };
  if (family === 'PS') return { name: 'RSA-PSS', hash };
  return { name: 'ECDSA', namedCurve: CURVES[bits] };
}

function verifyParams(family: Family, bits: Bits): AlgorithmIdentifier | RsaPssParams | EcdsaParams {
  if (family === 'HS') return { name: 'HMAC' };
  if (family === 'RS') return { name: 'RSASSA-PKCS1-v1_5' };
  if (family === 'PS') return { name: 'RSA-PSS', saltLength: Number(bits) / 8 };
  return { name: 'ECDSA', hash: HASHES[bits] };
}

function pemToDer(pem: string): Uint8Array {
  const body = /-----BEGIN PUBLIC KEY-----([\s\S]+?)-----END PUBLIC KEY-----/.exec(pem)?.[1];
  if (!body) throw new Error('expected a PEM public key (-----BEGIN PUBLIC KEY-----) or a JWK');
  return Uint8Array.from(atob(body.replace(/\s+/g, '')), (c) => c.charCodeAt(0));
}

async function importKey(family: Family, bits: Bits, key: string, secretIsBase64Url: boolean): Promise<CryptoKey> {
  const params = importParams(family, bits);
  if (family === 'HS') {
    const raw = secretIsBase64Url ? base64UrlToBytes(key.trim()) : new TextEncoder().encode(key);
    return crypto.subtle.importKey('raw', raw as BufferSource, params, false, ['verify']);
  }
  const text = key.trim();
  if (text.startsWith('{')) {
    const jwk = JSON.parse(text) as JsonWebKey;
    delete jwk.alg; // let the token's alg decide; a mismatching JWK alg would make import fail obscurely
    delete jwk.key_ops;
    return crypto.subtle.importKey('jwk', jwk, params, false, ['verify']);
  }
  return crypto.subtle.importKey('spki', pemToDer(text) as BufferSource, params, false, ['verify']);
}

/** Verifies the token's signature with `key`; never throws. */
export async function verifySignature(
  token: DecodedJwt,
  key: string,
  opts: { secretIsBase64Url?: boolean } = {},
): Promise<VerifyOutcome> {
  const alg = token.header.alg;
  const parsed = parseAlg(alg);
  if (!parsed)
    return {
      status: 'error',
      message: `Cannot verify algorithm ${quoteExcerpt(String(alg))}: supported are ${SUPPORTED_ALGORITHMS.join(', ')}.`,
    };
  if (!key.trim())
    return {
      status: 'error',
      message:
        parsed.family === 'HS'
          ? 'Enter the secret to verify the signature.'
          : 'Enter the public key (PEM or JWK) to verify the signature.',
    };
  try {
    const cryptoKey = await importKey(parsed.family, parsed.bits, key, !!opts.secretIsBase64Url);
    const data = new TextEncoder().encode(`${token.parts[0]}.${token.parts[1]}`);
    const signature = base64UrlToBytes(token.signature);
    const ok = await crypto.subtle.verify(
      verifyParams(parsed.family, parsed.bits),
      cryptoKey,
      signature as BufferSource,
      data,
    );
    return ok
      ? { status: 'valid', message: `Signature verified (${alg}).` }
      : {
          status: 'invalid',
          message: `Invalid signature: it does not match this ${parsed.family === 'HS' ? 'secret' : 'key'}.`,
        };
  } catch (e) {
    return { status: 'error', message: `Could not verify: ${(e as Error).message || String(e)}` };
  }
}
