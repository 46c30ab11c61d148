/**
 * C99: `<name>.h` and `<name>.c` with init / update (slice-by-8) / update_bytewise /
 * update_bitwise / finalize / checksum, every identifier prefixed with the algorithm's name so
 * several CRCs live in one program. Clean under gcc -std=c99 -Wall -Wextra -pedantic -Wconversion.
 */
import type { HdlFile } from '../../hdl/contract';
import type { SoftwareModel } from './model';
import { comment, headerLines, hexDigits, perRowFor, snakeName, stateLines, tableRows } from './naming';

/** A C constant of the register's type: 0x...u is unsigned long long when it needs 64 bits (C99). */
const lit = (v: bigint, bits: number) => `0x${hexDigits(v, bits)}u`;

interface Names {
  prefix: string;
  type: string;
  guard: string;
}

function names(name: string): Names {
  const prefix = snakeName(name);
  return { prefix, type: `${prefix}_t`, guard: `${prefix.toUpperCase()}_H` };
}

function header(name: string, m: SoftwareModel, n: Names): string {
  const { prefix, type } = n;
  const macro = n.prefix.toUpperCase();
  return `${comment('//', [
    ...headerLines(name, m, `CRC in C99 (${prefix}.h, ${prefix}.c)`),
    '',
    'Usage:',
    `  ${type} s = ${prefix}_init();`,
    `  s = ${prefix}_update(s, data, len);   // as often as needed`,
    `  ${type} crc = ${prefix}_finalize(s);`,
    'The three update functions give the same result; mix them freely.',
  ])}
#ifndef ${n.guard}
#define ${n.guard}

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// The CRC's width in bits, and its check value (the CRC of the ASCII bytes "123456789").
#define ${macro}_WIDTH ${m.params.width}
#define ${macro}_CHECK ${lit(m.check, m.params.width)}

// The running state, and the finished CRC (in the low ${m.params.width} bits).
typedef uint${m.bits}_t ${type};

// The state before any data.
${type} ${prefix}_init(void);

// Continues the state over len bytes: slice-by-8, eight bytes per step (eight 256-entry tables).
${type} ${prefix}_update(${type} state, const void *data, size_t len);

// The same, one byte per step (one 256-entry table): smaller, slower.
${type} ${prefix}_update_bytewise(${type} state, const void *data, size_t len);

// The same, one bit per step (no table): smallest, slowest.
${type} ${prefix}_update_bitwise(${type} state, const void *data, size_t len);

// The CRC of everything passed to update since init.
${type} ${prefix}_finalize(${type} state);

// init, update and finalize in one call.
${type} ${prefix}_checksum(const void *data, size_t len);

#ifdef __cplusplus
}
#endif

#endif // ${n.guard}
`;
}

/** Index of byte k of an 8-byte block in the slice-by-8 step: the data byte xor the state's byte k. */
function sliceIndex(m: SoftwareModel, k: number): string {
  if (8 * k >= m.bits) return `p[${k}]`;
  const shift = m.params.refin ? 8 * k : m.bits - 8 - 8 * k;
  return shift ? `(uint8_t)((crc >> ${shift}) ^ p[${k}])` : `(uint8_t)(crc ^ p[${k}])`;
}

function source(name: string, m: SoftwareModel, n: Names): string {
  const { prefix, type } = n;
  const { width, refin, refout } = m.params;
  const table = `${prefix}_table`;
  const slices = `${prefix}_slices`;
  // Table entries without the u suffix: the array's type converts them (keeps rows short).
  const entry = (v: bigint) => `0x${hexDigits(v, m.bits)}`;
  const perRow = perRowFor(entry(0n), '        ');
  const narrow = m.bits === 8;
  const align = m.bits - width;

  const byteLine = narrow
    ? `crc = ${table}[crc ^ *p++];`
    : refin
      ? `crc = (${type})(${table}[(uint8_t)(crc ^ *p++)] ^ (crc >> 8));`
      : `crc = (${type})(${table}[(uint8_t)((crc >> ${m.bits - 8}) ^ *p++)] ^ (crc << 8));`;
  const sliceTerms = Array.from({ length: 8 }, (_, k) => {
    const t = 7 - k; // byte k is followed by 7 - k more bytes of the block
    return `${t === 0 ? table : `${slices}[${t - 1}]`}[${sliceIndex(m, k)}]`;
  });
  const top = lit(1n << BigInt(m.bits - 1), m.bits);
  const poly = lit(m.polyState, m.bits);
  // if/else with a cast on each branch: ?: would mix int and unsigned for the promoted 8/16-bit types.
  const bitLines = refin
    ? [
        `crc = (${type})(crc ^ *p++);`,
        `if (crc & 1u)\n                crc = (${type})((crc >> 1) ^ ${poly});\n            else\n                crc = (${type})(crc >> 1);`,
      ]
    : [
        `crc = (${type})(crc ^ (${narrow ? '' : `(${type})`}*p++${narrow ? '' : ` << ${m.bits - 8}`}));`,
        `if (crc & ${top})\n                crc = (${type})((crc << 1) ^ ${poly});\n            else\n                crc = (${type})(crc << 1);`,
      ];
  const needsReflect = refin !== refout;
  const reg = refin ? 'state' : align ? `(${type})(state >> ${align})` : 'state';
  const out = needsReflect ? `${prefix}_reflect(${reg})` : reg;
  const xorout = lit(m.params.xorout, m.bits);

  return `${comment('//', [...headerLines(name, m, `CRC in C99 (${prefix}.h, ${prefix}.c)`)])}
#include "${prefix}.h"

${comment('//', [
  ...stateLines(m),
  'Byte table: the state after one byte from a zero state. slices[k - 1]: after one byte and',
  'k zero bytes, so eight bytes take eight lookups (slice-by-8).',
])}static const ${type} ${table}[256] = {
${tableRows(m.tables[0]!, entry, perRow, '    ')}
};

static const ${type} ${slices}[7][256] = {
${m.tables
  .slice(1)
  .map((t) => `    {\n${tableRows(t, entry, perRow, '        ')}\n    },`)
  .join('\n')}
};
${
  needsReflect
    ? `
// Reverses the low ${width} bits (refin and refout differ).
static ${type} ${prefix}_reflect(${type} value)
{
    ${type} r = 0;
    int i;
    for (i = 0; i < ${width}; i++) {
        r = (${type})((r << 1) | (value & 1u));
        value = (${type})(value >> 1);
    }
    return r;
}
`
    : ''
}
${type} ${prefix}_init(void)
{
    return ${lit(m.initState, m.bits)};
}

${type} ${prefix}_update(${type} state, const void *data, size_t len)
{
    const unsigned char *p = (const unsigned char *)data;
    ${type} crc = state;
    while (len >= 8) {
        crc = (${type})(${sliceTerms.join(' ^\n              ')});
        p += 8;
        len -= 8;
    }
    return ${prefix}_update_bytewise(crc, p, len);
}

${type} ${prefix}_update_bytewise(${type} state, const void *data, size_t len)
{
    const unsigned char *p = (const unsigned char *)data;
    ${type} crc = state;
    while (len--) {
        ${byteLine}
    }
    return crc;
}

${type} ${prefix}_update_bitwise(${type} state, const void *data, size_t len)
{
    const unsigned char *p = (const unsigned char *)data;
    ${type} crc = state;
    while (len--) {
        int k;
        ${bitLines[0]}
        for (k = 0; k < 8; k++) {
            ${bitLines[1]}
        }
    }
    return crc;
}

${type} ${prefix}_finalize(${type} state)
{
    return (${type})(${out} ^ ${xorout});
}

${type} ${prefix}_checksum(const void *data, size_t len)
{
    return ${prefix}_finalize(${prefix}_update(${prefix}_init(), data, len));
}
`;
}

/** `<name>.h` then `<name>.c`. */
export function generateC(name: string, m: SoftwareModel): HdlFile[] {
  const n = names(name);
  return [
    { name: `${n.prefix}.h`, text: header(name, m, n) },
    { name: `${n.prefix}.c`, text: source(name, m, n) },
  ];
}
