/**
 * Rust: one module file (`<name>.rs`) with init / update (slice-by-8) / update_bytewise /
 * update_bitwise / finalize / checksum and a `const` table. It uses nothing but `core`, so it
 * builds in `#![no_std]` crates; no dependencies, and Rust 1.63 (Debian's rustc) compiles it.
 */
import type { HdlFile } from '../../hdl/contract';
import type { SoftwareModel } from './model';
import { comment, headerLines, hexDigits, perRowFor, snakeName, stateLines, tableRows } from './naming';

/**
 * rustdoc reads doc comments as Markdown: a bare URL is a warning (rustdoc::bare_urls), <URL> a
 * link; so is [b] a link to an item b (rustdoc::broken_intra_doc_links), so indices are in backquotes.
 */
const markdownLinks = (line: string): string => line.replace(/https?:\/\/[^\s)>]+/g, '<$&>');

export function generateRust(name: string, m: SoftwareModel): HdlFile {
  const module = snakeName(name);
  const { width, refin, refout } = m.params;
  const u = `u${m.bits}`;
  const lit = (v: bigint) => `0x${hexDigits(v, m.bits)}`;
  const indent = '        ';
  const perRow = perRowFor(lit(0n), indent);
  const narrow = m.bits === 8;
  const align = m.bits - width;

  const index = (k: number): string => {
    if (8 * k >= m.bits) return `p[${k}] as usize`;
    const shift = refin ? 8 * k : m.bits - 8 - 8 * k;
    const byte = narrow ? 'crc' : shift ? `(crc >> ${shift}) as u8` : 'crc as u8';
    return `(${byte} ^ p[${k}]) as usize`;
  };
  const sliceTerms = Array.from({ length: 8 }, (_, k) => `TABLES[${7 - k}][${index(k)}]`);
  const byteLine = narrow
    ? 'crc = TABLES[0][(crc ^ b) as usize];'
    : refin
      ? 'crc = TABLES[0][(crc as u8 ^ b) as usize] ^ (crc >> 8);'
      : `crc = TABLES[0][((crc >> ${m.bits - 8}) as u8 ^ b) as usize] ^ (crc << 8);`;
  const feed = narrow ? 'crc ^= b;' : refin ? `crc ^= ${u}::from(b);` : `crc ^= ${u}::from(b) << ${m.bits - 8};`;
  // cargo fmt --check leaves the file as it is: the if/else over five lines, as rustfmt lays it
  // out, and TABLES under #[rustfmt::skip] (its rows start at round indices; rustfmt would refill them).
  const [test, withPoly, withoutPoly] = refin
    ? ['crc & 1 != 0', '(crc >> 1) ^ POLY', 'crc >> 1']
    : [`crc & ${lit(1n << BigInt(m.bits - 1))} != 0`, '(crc << 1) ^ POLY', 'crc << 1'];
  const shiftStep = [`crc = if ${test} {`, `    ${withPoly}`, '} else {', `    ${withoutPoly}`, '};'].join(
    '\n            ',
  );
  const shifted = refin || !align ? 'state' : `state >> ${align}`;
  const reg = shifted === 'state' ? shifted : `(${shifted})`;
  const reversed = m.bits === width ? `${reg}.reverse_bits()` : `${reg}.reverse_bits() >> ${m.bits - width}`;
  const out = refin === refout ? shifted : reversed;
  // No `^ 0` when xorout is 0 (clippy's identity_op, so cargo clippy -D warnings, refuses it),
  // and no parentheses around a bare return value (rustc's unused_parens).
  const finalValue = m.params.xorout ? `${out.includes(' ') ? `(${out})` : out} ^ ${lit(m.params.xorout)}` : out;

  return {
    name: `${module}.rs`,
    text: `${comment('//!', [
      ...headerLines(name, m, `CRC in Rust (module ${module})`).map(markdownLinks),
      '',
      'Usage (no_std: only core is used; no dependencies):',
      `  let mut s = ${module}::init();`,
      `  s = ${module}::update(s, data);   // as often as needed`,
      `  let crc = ${module}::finalize(s);`,
      'update (slice-by-8), update_bytewise and update_bitwise give the same result.',
      ...stateLines(m),
    ])}
// An application may use only some of these functions.
#![allow(dead_code)]

/// The CRC's width in bits.
pub const WIDTH: u32 = ${width};
/// The CRC of the ASCII bytes "123456789".
pub const CHECK: ${u} = 0x${hexDigits(m.check, width)};

/// The polynomial in the state's form (for update_bitwise).
const POLY: ${u} = ${lit(m.polyState)};

/// \`TABLES[0][b]\`: the state after byte b from a zero state (the byte table); \`TABLES[k][b]\`:
/// after byte b and k zero bytes, so eight bytes take eight lookups (slice-by-8).
// A static, not a const: a debug build copied a const's whole array at every lookup.
#[rustfmt::skip]
pub static TABLES: [[${u}; 256]; 8] = [
${m.tables.map((t) => `    [\n${tableRows(t, lit, perRow, indent)}\n    ],`).join('\n')}
];

/// The state before any data.
pub fn init() -> ${u} {
    ${lit(m.initState)}
}

/// Continues the state over \`data\`, eight bytes per step.
pub fn update(state: ${u}, data: &[u8]) -> ${u} {
    let mut crc = state;
    let mut blocks = data.chunks_exact(8);
    for p in &mut blocks {
        crc = ${sliceTerms.join('\n            ^ ')};
    }
    update_bytewise(crc, blocks.remainder())
}

/// The same, one byte per step.
pub fn update_bytewise(state: ${u}, data: &[u8]) -> ${u} {
    let mut crc = state;
    for &b in data {
        ${byteLine}
    }
    crc
}

/// The same, one bit per step (no table).
pub fn update_bitwise(state: ${u}, data: &[u8]) -> ${u} {
    let mut crc = state;
    for &b in data {
        ${feed}
        for _ in 0..8 {
            ${shiftStep}
        }
    }
    crc
}

/// The CRC of everything passed to update since init.
pub fn finalize(state: ${u}) -> ${u} {
    ${finalValue}
}

/// init, update and finalize in one call.
pub fn checksum(data: &[u8]) -> ${u} {
    finalize(update(init(), data))
}
`,
  };
}
