/**
 * The PEM blocks people paste to verify a token, turned into what WebCrypto imports: a public key
 * (SPKI), an X.509 certificate (its SPKI), a PKCS#1 RSA public key (wrapped into SPKI) or a PKCS#8
 * private key (verified with its public half, as a private JWK is).
 */
export type PemKey = { format: 'spki' | 'pkcs8'; der: Uint8Array; label: string };

const ACCEPTED = 'a PEM public key (-----BEGIN PUBLIC KEY-----), certificate or private key, or a JWK';

/** One DER element at `at`: where its content starts and where it ends. */
function element(der: Uint8Array, at: number): { tag: number; start: number; end: number } {
  const tag = der[at]!;
  let length = der[at + 1]!;
  let start = at + 2;
  if (length & 0x80) {
    const octets = length & 0x7f;
    if (octets < 1 || octets > 4) throw new Error('the certificate is not valid DER.');
    length = 0;
    for (let i = 0; i < octets; i++) length = length * 256 + der[start + i]!;
    start += octets;
  }
  if (start + length > der.length || at + 1 >= der.length) throw new Error('the certificate is cut short.');
  return { tag, start, end: start + length };
}

/** The subjectPublicKeyInfo of an X.509 certificate (RFC 5280 §4.1). */
function certificateSpki(der: Uint8Array): Uint8Array {
  const certificate = element(der, 0);
  const tbs = element(der, certificate.start);
  let at = tbs.start;
  if (der[at] === 0xa0) at = element(der, at).end; // [0] version, present from v2 on
  // serialNumber, signature, issuer, validity, subject, then subjectPublicKeyInfo
  for (let skipped = 0; skipped < 5; skipped++) at = element(der, at).end;
  const spki = element(der, at);
  if (spki.tag !== 0x30) throw new Error('the certificate holds no public key.');
  return der.subarray(at, spki.end);
}

function derLength(n: number): number[] {
  if (n < 0x80) return [n];
  const octets: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) octets.unshift(v & 0xff);
  return [0x80 | octets.length, ...octets];
}

function derElement(tag: number, content: Uint8Array | number[]): number[] {
  return [tag, ...derLength(content.length), ...content];
}

/** SubjectPublicKeyInfo { rsaEncryption, NULL } around a PKCS#1 RSAPublicKey. */
function rsaSpki(pkcs1: Uint8Array): Uint8Array {
  const rsaEncryption = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00];
  const bitString = derElement(0x03, [0x00, ...pkcs1]);
  return Uint8Array.from(derElement(0x30, [...derElement(0x30, rsaEncryption), ...bitString]));
}

function base64Body(label: string, body: string): Uint8Array {
  try {
    return Uint8Array.from(atob(body.replace(/\s+/g, '')), (c) => c.charCodeAt(0));
  } catch {
    throw new Error(`the ${label} block is not valid base64.`);
  }
}

/** The key in the first PEM block of `text`, ready for crypto.subtle.importKey. */
export function pemKey(text: string): PemKey {
  const block = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]+?)-----END \1-----/.exec(text);
  if (!block) throw new Error(`expected ${ACCEPTED}`);
  const [, label, body] = block;
  const der = base64Body(label!, body!);
  if (label === 'PUBLIC KEY') return { format: 'spki', der, label };
  if (label === 'CERTIFICATE') return { format: 'spki', der: certificateSpki(der), label };
  if (label === 'RSA PUBLIC KEY') return { format: 'spki', der: rsaSpki(der), label };
  if (label === 'PRIVATE KEY') return { format: 'pkcs8', der, label };
  if (label!.endsWith('PRIVATE KEY'))
    throw new Error(`the ${label} block is not read here; paste its public key (openssl pkey -in key.pem -pubout).`);
  throw new Error(`the ${label} block is not a key; expected ${ACCEPTED}`);
}

/** A key's type as its algorithm identifier names it: RSA, EC with its curve, or an Edwards/Montgomery curve. */
export type KeyKind = { kty: 'RSA' } | { kty: 'EC' | 'OKP'; crv: string };

/** Algorithm and curve object identifiers (their DER: tag 06, length, content), as SPKI and PKCS#8 carry them. */
const KEY_OIDS: [string, KeyKind][] = [
  ['06092a864886f70d010101', { kty: 'RSA' }],
  ['06082a8648ce3d030107', { kty: 'EC', crv: 'P-256' }],
  ['06052b81040022', { kty: 'EC', crv: 'P-384' }],
  ['06052b81040023', { kty: 'EC', crv: 'P-521' }],
  ['06052b8104000a', { kty: 'EC', crv: 'secp256k1' }],
  ['06032b6570', { kty: 'OKP', crv: 'Ed25519' }],
  ['06032b6571', { kty: 'OKP', crv: 'Ed448' }],
  ['06032b656e', { kty: 'OKP', crv: 'X25519' }],
  ['06032b656f', { kty: 'OKP', crv: 'X448' }],
];

/**
 * The kind of key a SubjectPublicKeyInfo or PKCS#8 block holds, read from the algorithm identifier
 * at its start; null when it names none of these (not a key, or another type).
 */
export function keyKind(der: Uint8Array): KeyKind | null {
  const start = Array.from(der.subarray(0, 64), (b) => b.toString(16).padStart(2, '0')).join('');
  return KEY_OIDS.find(([oid]) => start.includes(oid))?.[1] ?? null;
}
