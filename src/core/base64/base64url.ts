/** Base64url (RFC 4648 section 5) of bytes: JWT parts, packed link settings. */

/** Base64url (padding optional; standard alphabet tolerated) to bytes; throws on bad input. */
export function base64UrlToBytes(part: string): Uint8Array {
  const clean = part.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const bad = /[^A-Za-z0-9+/]/.exec(clean);
  if (bad)
    throw new Error(`not valid Base64url: it contains "${part[bad.index]}" (only A-Z, a-z, 0-9, - and _ may appear)`);
  if (clean.length % 4 === 1) throw new Error('not valid Base64url: its length is one character too many or too few');
  const bin = atob(clean + '='.repeat((4 - (clean.length % 4)) % 4));
  // A plain loop: Uint8Array.from(bin, mapFn) took 40-50 ms for a 1 MB JWT payload, in one task.
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

export function bytesToBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
