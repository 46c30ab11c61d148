/**
 * TypeScript (ES2020): one module (`<name>.ts`) with init / update / finalize / checksum over
 * Uint8Array. `number` arithmetic for W <= 32, `bigint` only for W > 32. Clean under
 * tsc --strict --noUncheckedIndexedAccess.
 */
import type { HdlFile } from '../../hdl/contract';
import type { SoftwareModel } from './model';
import { comment, headerLines, hexDigits, perRowFor, snakeName, stateLines, tableRows } from './naming';

const ARRAY: Record<number, string> = { 8: 'Uint8Array', 16: 'Uint16Array', 32: 'Uint32Array', 64: 'BigUint64Array' };

export function generateTypeScript(name: string, m: SoftwareModel): HdlFile {
  const module = snakeName(name);
  const { width, refin, refout } = m.params;
  const big = m.bits === 64;
  const n = big ? 'n' : '';
  const type = big ? 'bigint' : 'number';
  const lit = (v: bigint) => `0x${hexDigits(v, m.bits)}${n}`;
  const indent = '  ';
  const align = m.bits - width;

  // Indices are masked to 0..255, so every TABLE lookup is in range (the `!`).
  const byteLine = big
    ? refin
      ? 'crc = TABLE[Number(crc & 0xffn) ^ b]! ^ (crc >> 8n);'
      : 'crc = TABLE[Number(crc >> 56n) ^ b]! ^ ((crc << 8n) & 0xffffffffffffffffn);'
    : m.bits === 8
      ? 'crc = TABLE[crc ^ b]!;'
      : refin
        ? 'crc = TABLE[(crc ^ b) & 0xff]! ^ (crc >>> 8);'
        : m.bits === 32
          ? 'crc = TABLE[(crc >>> 24) ^ b]! ^ (crc << 8);'
          : 'crc = TABLE[(crc >>> 8) ^ b]! ^ ((crc << 8) & 0xffff);';
  const bare = refin || !align ? 'state' : big ? `state >> ${align}n` : `state >>> ${align}`;
  const needsReflect = refin !== refout;
  const out = needsReflect ? `reflect(${bare})` : bare === 'state' ? bare : `(${bare})`;
  const reflectFn = big
    ? `
/** Reverses the low ${width} bits (refin and refout differ). */
function reflect(value: bigint): bigint {
  let v = value;
  let r = 0n;
  for (let i = 0; i < ${width}; i++) {
    r = (r << 1n) | (v & 1n);
    v >>= 1n;
  }
  return r;
}
`
    : `
/** Reverses the low ${width} bits (refin and refout differ). */
function reflect(value: number): number {
  let v = value;
  let r = 0;
  for (let i = 0; i < ${width}; i++) {
    r = ((r << 1) | (v & 1)) >>> 0;
    v >>>= 1;
  }
  return r;
}
`;

  return {
    name: `${module}.ts`,
    text: `${comment('//', [
      ...headerLines(name, m, `CRC in TypeScript (ES2020, ${type} arithmetic)`),
      '',
      'Usage:',
      `  import * as ${module} from './${module}';`,
      `  let s = ${module}.init();`,
      `  s = ${module}.update(s, bytes); // as often as needed`,
      `  const crc = ${module}.finalize(s);`,
      ...stateLines(m),
    ])}
/** The CRC's width in bits. */
export const WIDTH = ${width};
/** The CRC of the ASCII bytes "123456789". */
export const CHECK = 0x${hexDigits(m.check, width)}${n};

/** TABLE[b]: the state after byte b from a zero state. */
const TABLE = new ${ARRAY[m.bits]}([
${tableRows(m.tables[0]!, lit, perRowFor(lit(0n), indent), indent)}
]);
${needsReflect ? reflectFn : ''}
/** The state before any data. */
export function init(): ${type} {
  return ${lit(m.initState)};
}

/** Continues the state over \`data\`, one table lookup per byte. */
export function update(state: ${type}, data: Uint8Array): ${type} {
  let crc = state;
  for (const b of data) ${byteLine}
  return crc${big ? '' : ' >>> 0'};
}

/** The CRC of everything passed to update since init. */
export function finalize(state: ${type}): ${type} {
  return (${out} ^ ${lit(m.params.xorout)})${big ? '' : ' >>> 0'};
}

/** init, update and finalize in one call. */
export function checksum(data: Uint8Array): ${type} {
  return finalize(update(init(), data));
}
`,
  };
}
