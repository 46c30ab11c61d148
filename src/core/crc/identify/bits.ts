/**
 * Bit streams (a logic analyser's view: bits in the order sent) as the search holds them: packed
 * right-aligned into bytes, the first byte's top bits zero. Leading zeros change neither the
 * message polynomial nor a register that starts at 0, so the kernel's byte loops take them as
 * they are; a stream of whole bytes sent most significant bit first is the bytes themselves.
 */

/** A string of 0 and 1 (spaces and underscores allowed); undefined when it holds anything else. */
export function parseBitString(text: string): { bytes: Uint8Array; bits: number } | undefined {
  const digits = text.replace(/[\s_]/g, '');
  if (!/^[01]*$/.test(digits)) return undefined;
  const bits = digits.length;
  const bytes = new Uint8Array(Math.ceil(bits / 8));
  const pad = 8 * bytes.length - bits;
  for (let i = 0; i < bits; i++) if (digits[i] === '1') bytes[(pad + i) >> 3]! |= 0x80 >> ((pad + i) & 7);
  return { bytes, bits };
}

/** The first `n` bits of a stream of `total` bits, right-aligned again. */
export function leadingBits(bytes: Uint8Array, total: number, n: number): Uint8Array {
  const drop = total - n;
  const src = bytes.subarray(0, bytes.length - (drop >> 3));
  const shift = drop & 7;
  const out = new Uint8Array(Math.ceil(n / 8));
  const first = src.length - out.length;
  for (let i = 0; i < out.length; i++) {
    const j = first + i;
    out[i] = ((((j > 0 ? src[j - 1]! : 0) << 8) | src[j]!) >> shift) & 0xff;
  }
  return out;
}

/** The last `n` bits of a stream (n <= 64) as a number, the first of them the most significant. */
export function trailingBits(bytes: Uint8Array, n: number): bigint {
  let v = 0n;
  for (const b of bytes.subarray(Math.max(0, bytes.length - 9))) v = (v << 8n) | BigInt(b);
  return BigInt.asUintN(n, v);
}
