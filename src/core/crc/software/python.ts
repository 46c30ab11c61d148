/** Python 3.8+: one file (`<name>.py`) with a table-driven class, no dependencies. */
import type { HdlFile } from '../../hdl/contract';
import type { SoftwareModel } from './model';
import { comment, headerLines, hexDigits, pascalName, perRowFor, snakeName, stateLines, tableRows } from './naming';

export function generatePython(name: string, m: SoftwareModel): HdlFile {
  const module = snakeName(name);
  const cls = pascalName(module);
  const { width, refin, refout } = m.params;
  const lit = (v: bigint) => `0x${hexDigits(v, m.bits)}`;
  const indent = '        ';
  const narrow = m.bits === 8;
  const align = m.bits - width;
  const byteLine = narrow
    ? 'crc = table[crc ^ b]'
    : refin
      ? 'crc = table[(crc ^ b) & 0xFF] ^ (crc >> 8)'
      : `crc = table[(crc >> ${m.bits - 8}) ^ b] ^ ((crc << 8) & ${lit((1n << BigInt(m.bits)) - 1n)})`;
  const bare = refin || !align ? 'self._state' : `self._state >> ${align}`;
  const out =
    refin === refout ? (bare === 'self._state' ? bare : `(${bare})`) : `int(format(${bare}, "0${width}b")[::-1], 2)`;

  return {
    name: `${module}.py`,
    text: `${comment('#', [
      ...headerLines(name, m, `CRC in Python 3.8+ (class ${cls}, no dependencies)`),
      '',
      'Usage:',
      `  crc = ${cls}.checksum(data)`,
      `  c = ${cls}(); c.update(part1); c.update(part2); crc = c.finalize()`,
    ])}
from typing import Union

# The data update takes: type checkers no longer count bytearray or memoryview as bytes (mypy 2).
Data = Union[bytes, bytearray, memoryview]


class ${cls}:
    """${name}, one table lookup per byte.

    ${stateLines(m).join(' ')}
    """

    WIDTH = ${width}
    CHECK = 0x${hexDigits(m.check, width)}  # the CRC of b"123456789"

    _INIT = ${lit(m.initState)}
    # _TABLE[b]: the state after byte b from a zero state.
    _TABLE = (
${tableRows(m.tables[0]!, lit, perRowFor(lit(0n), indent), indent)}
    )

    def __init__(self, data: Data = b"") -> None:
        self._state = self._INIT
        self.update(data)

    def reset(self) -> None:
        """Back to the state before any data."""
        self._state = self._INIT

    def update(self, data: Data) -> "${cls}":
        """Continues over data (bytes, bytearray or memoryview); returns self."""
        table = self._TABLE
        crc = self._state
        if not isinstance(data, (bytes, bytearray)):
            # As bytes: a memoryview of array("H") or a 2-D buffer would give other items.
            data = memoryview(data).cast("B")
        for b in data:
            ${byteLine}
        self._state = crc
        return self

    def finalize(self) -> int:
        """The CRC of everything passed to update since the start or reset (more may follow)."""
        return ${out} ^ ${lit(m.params.xorout)}

    @classmethod
    def checksum(cls, data: Data) -> int:
        """The CRC of data in one call."""
        return cls(data).finalize()
`,
  };
}
