// IPv4 enumeration kernels. A list is either the host addresses of a network (consecutive u32s)
// or its subnets at a longer prefix (base + i << shift). JS reserves one region, the kernels fill
// a page of u32 addresses there and format a page as text/CSV bytes, so an export of millions of
// rows never becomes JS strings.

export { reserve } from "./shared/memory";

// Octet table: for n in 0..255 one u32 = length | digit bytes << 8 ("192" -> 3 | '1'<<8 | ...).
const OCTETS = memory.data(256 * 4);

function buildOctets(): void {
  for (let n: u32 = 0; n < 256; n++) {
    let word: u32;
    if (n >= 100) word = 3 | ((48 + n / 100) << 8) | ((48 + (n / 10) % 10) << 16) | ((48 + n % 10) << 24);
    else if (n >= 10) word = 2 | ((48 + n / 10) << 8) | ((48 + n % 10) << 16);
    else word = 1 | ((48 + n) << 8);
    store<u32>(OCTETS + (n << 2), word);
  }
}
buildOctets();

/** Writes octet `n` at `p` (may write up to 3 bytes; the caller overwrites any excess) and
 *  returns the position after its digits. */
@inline function putOctet(p: usize, n: u32): usize {
  const word = load<u32>(OCTETS + (n << 2));
  store<u32>(p, word >>> 8);
  return p + (word & 0xff);
}

/** Dotted quad at `p`; returns the position after it. Needs 3 spare bytes after the text. */
@inline function putAddress(p: usize, a: u32): usize {
  p = putOctet(p, a >>> 24);
  store<u8>(p, 46);
  p = putOctet(p + 1, (a >>> 16) & 0xff);
  store<u8>(p, 46);
  p = putOctet(p + 1, (a >>> 8) & 0xff);
  store<u8>(p, 46);
  return putOctet(p + 1, a & 0xff);
}

/** Unsigned decimal at `p`; returns the position after it. */
function putDecimal(p: usize, v: u64): usize {
  if (v < 10) {
    store<u8>(p, <u8>(48 + v));
    return p + 1;
  }
  let digits = 0;
  let t = v;
  while (t > 0) {
    t /= 10;
    digits++;
  }
  let q = p + digits;
  while (v > 0) {
    q--;
    store<u8>(q, <u8>(48 + v % 10));
    v /= 10;
  }
  return p + digits;
}

/** Fills `count` u32 at `out` with first, first+1, ... (host addresses). Four lanes at a time. */
export function fillHosts(first: u32, count: u32, out: usize): void {
  let i: u32 = 0;
  let v = i32x4(first, first + 1, first + 2, first + 3);
  const four = i32x4.splat(4);
  for (; i + 4 <= count; i += 4) {
    v128.store(out + (<usize>i << 2), v);
    v = i32x4.add(v, four);
  }
  for (; i < count; i++) store<u32>(out + (<usize>i << 2), first + i);
}

/** Fills `count` u32 at `out` with base + (i << shift) (subnet network addresses). */
export function fillSubnets(base: u32, shift: u32, count: u32, out: usize): void {
  if (shift >= 32) {
    // One /0 block only: base + (0 << 32).
    if (count > 0) store<u32>(out, base);
    return;
  }
  const step: u32 = 1 << shift;
  let i: u32 = 0;
  let v = i32x4(base, base + step, base + 2 * step, base + 3 * step);
  const inc = i32x4.splat(step << 2);
  for (; i + 4 <= count; i += 4) {
    v128.store(out + (<usize>i << 2), v);
    v = i32x4.add(v, inc);
  }
  for (; i < count; i++) store<u32>(out + (<usize>i << 2), base + (i << shift));
}

// Row layouts of formatPage (mirrored in src/core/subnet/enumerate.ts).
const HOSTS_TEXT: u32 = 0; // 10.0.0.1
const HOSTS_CSV: u32 = 1; // 1,10.0.0.1
const SUBNETS_TEXT: u32 = 2; // 10.0.0.0/24
// 3: SUBNETS_CSV: 1,10.0.0.0,24,10.0.0.1,10.0.0.254,10.0.0.255,254

/**
 * Formats `count` addresses at `page` as lines at `out` and returns the byte count. `row` is the
 * 1-based number of the first row (CSV layouts); `cidr` is the prefix of the listed subnets.
 * `out` needs 96 bytes per row (the longest CSV row plus the octet overrun).
 */
export function formatPage(page: usize, count: u32, out: usize, layout: u32, row: u64, cidr: u32): u32 {
  let p = out;
  const end = page + (<usize>count << 2);
  if (layout == HOSTS_TEXT) {
    for (let a = page; a < end; a += 4) {
      p = putAddress(p, load<u32>(a));
      store<u8>(p++, 10);
    }
  } else if (layout == HOSTS_CSV) {
    for (let a = page; a < end; a += 4) {
      p = putDecimal(p, row++);
      store<u8>(p++, 44);
      p = putAddress(p, load<u32>(a));
      store<u8>(p++, 10);
    }
  } else if (layout == SUBNETS_TEXT) {
    for (let a = page; a < end; a += 4) {
      p = putAddress(p, load<u32>(a));
      store<u8>(p++, 47);
      p = putDecimal(p, cidr);
      store<u8>(p++, 10);
    }
  } else {
    // Host bits of the block; wasm shifts are mod 32, so /32 is special.
    const last: u32 = cidr >= 32 ? 0 : <u32>(0xffffffff >>> cidr);
    const small = cidr >= 31;
    const usable: u64 = small ? 0 : (<u64>1 << (32 - <u64>cidr)) - 2;
    for (let a = page; a < end; a += 4) {
      const net = load<u32>(a);
      const bcast = net + last;
      p = putDecimal(p, row++);
      store<u8>(p++, 44);
      p = putAddress(p, net);
      store<u8>(p++, 44);
      p = putDecimal(p, cidr);
      store<u8>(p++, 44);
      p = putAddress(p, small ? net : net + 1);
      store<u8>(p++, 44);
      p = putAddress(p, small ? bcast : bcast - 1);
      store<u8>(p++, 44);
      p = putAddress(p, bcast);
      store<u8>(p++, 44);
      p = putDecimal(p, usable);
      store<u8>(p++, 10);
    }
  }
  return <u32>(p - out);
}

// ---- IPv6 (issue 18): 128-bit addresses as (hi, lo) u64 pairs ----

// Hex pairs: for b in 0..255 one u16 of its two lower-case hex digits ("0f" -> '0' | 'f' << 8).
const HEX2 = memory.data(256 * 2);
function buildHex(): void {
  for (let b: u32 = 0; b < 256; b++) {
    const hi = b >> 4;
    const lo = b & 15;
    store<u16>(HEX2 + (b << 1), <u16>((hi < 10 ? 48 + hi : 87 + hi) | ((lo < 10 ? 48 + lo : 87 + lo) << 8)));
  }
}
buildHex();

/** Group `g` (0..0xffff) as lower-case hex without leading zeros at `p`; returns the end. */
@inline function putGroup(p: usize, g: u32): usize {
  const h = g >> 8;
  const pair = <u32>load<u16>(HEX2 + ((g & 0xff) << 1));
  if (h >= 16) {
    store<u16>(p, load<u16>(HEX2 + (h << 1)));
    store<u16>(p + 2, <u16>pair);
    return p + 4;
  }
  if (h > 0) {
    store<u8>(p, <u8>(load<u16>(HEX2 + (h << 1)) >> 8));
    store<u16>(p + 1, <u16>pair);
    return p + 3;
  }
  if (g >= 16) {
    store<u16>(p, <u16>pair);
    return p + 2;
  }
  store<u8>(p, <u8>(pair >> 8));
  return p + 1;
}

// The eight groups of the address being written.
const GROUPS = memory.data(8 * 4);

/** RFC 5952 text of an address at `p`: the longest run (>= 2, leftmost on ties) of zero groups
 *  becomes "::"; IPv4-mapped (::ffff:0:0/96) ends in dotted IPv4, as section 5 recommends.
 *  Returns the end. */
function putIpv6(p: usize, hi: u64, lo: u64): usize {
  if (hi == 0 && lo >> 32 == 0xffff) {
    // "::ffff:" then the IPv4 address, as formatIpv6 in src/core/subnet/ipv6-parse.ts writes it.
    store<u64>(p, 0x003a666666663a3a); // "::ffff:" little-endian; putAddress overwrites the 8th byte
    return putAddress(p + 7, <u32>lo);
  }
  let zeros: u32 = 0; // bit i: group i is zero
  for (let i: u32 = 0; i < 4; i++) {
    const a = <u32>(hi >> (<u64>(3 - i) << 4)) & 0xffff;
    const b = <u32>(lo >> (<u64>(3 - i) << 4)) & 0xffff;
    store<u32>(GROUPS + (i << 2), a);
    store<u32>(GROUPS + ((i + 4) << 2), b);
    zeros |= (<u32>(a == 0) << i) | (<u32>(b == 0) << (i + 4));
  }
  let bestStart: i32 = -1;
  let bestLen: i32 = 1;
  if (zeros != 0) {
    let i: i32 = 0;
    while (i < 8) {
      if (((zeros >> i) & 1) == 0) {
        i++;
        continue;
      }
      // Length of the run of ones starting at bit i.
      const run = <i32>ctz(~(zeros >> i));
      if (run > bestLen) {
        bestStart = i;
        bestLen = run;
      }
      i += run;
    }
  }
  const bestEnd = bestStart < 0 ? -1 : bestStart + bestLen;
  for (let i: i32 = 0; i < 8; i++) {
    if (i == bestStart) {
      store<u16>(p, 0x3a3a);
      p += 2;
      i = bestEnd - 1;
      continue;
    }
    if (i > 0 && i != bestEnd) store<u8>(p++, 58);
    p = putGroup(p, load<u32>(GROUPS + (<usize>i << 2)));
  }
  return p;
}

/**
 * Formats `count` IPv6 subnets at prefix `child`, the first at (baseHi, baseLo), as lines at `out`
 * and returns the byte count: "2001:db8::/64" (csv = 0) or
 * "row,network,prefix,first_address,last_address" (csv = 1, `row` is the first row number).
 * `out` needs 112 bytes per row.
 */
export function formatSubnets6(
  baseHi: u64,
  baseLo: u64,
  child: u32,
  count: u32,
  out: usize,
  csv: u32,
  row: u64,
): u32 {
  // Step 2^(128-child) and host bits; wasm shifts are mod 64, so the edges are explicit.
  const stepHi: u64 = child == 0 || child > 64 ? 0 : <u64>1 << (64 - <u64>child);
  const stepLo: u64 = child > 64 ? <u64>1 << (128 - <u64>child) : 0;
  const hostHi: u64 = child >= 64 ? 0 : child == 0 ? u64.MAX_VALUE : (<u64>1 << (64 - <u64>child)) - 1;
  const hostLo: u64 = child <= 64 ? u64.MAX_VALUE : (<u64>1 << (128 - <u64>child)) - 1;
  // "/64" as up to four bytes, written with one store per text row.
  const suffix: u32 = child >= 100 ? 47 | ((48 + child / 100) << 8) | ((48 + (child / 10) % 10) << 16) | ((48 + child % 10) << 24)
    : child >= 10 ? 47 | ((48 + child / 10) << 8) | ((48 + child % 10) << 16) : 47 | ((48 + child) << 8);
  const suffixLen: usize = child >= 100 ? 4 : child >= 10 ? 3 : 2;
  let hi = baseHi;
  let lo = baseLo;
  let p = out;
  for (let i: u32 = 0; i < count; i++) {
    if (csv) {
      p = putDecimal(p, row++);
      store<u8>(p++, 44);
      p = putIpv6(p, hi, lo);
      store<u8>(p++, 44);
      p = putDecimal(p, child);
      store<u8>(p++, 44);
      p = putIpv6(p, hi, lo);
      store<u8>(p++, 44);
      p = putIpv6(p, hi | hostHi, lo | hostLo);
    } else {
      p = putIpv6(p, hi, lo);
      store<u32>(p, suffix);
      p += suffixLen;
    }
    store<u8>(p++, 10);
    const next = lo + stepLo;
    hi += stepHi + (next < lo ? 1 : 0);
    lo = next;
  }
  return <u32>(p - out);
}
