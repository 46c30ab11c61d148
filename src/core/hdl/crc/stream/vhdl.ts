/** VHDL-93 stream CRC (design.ts): entity `crc`, the same ports and structure as verilog.ts. */
import { headerComment } from '../../comment';
import { CRC_MODULE, wrapTerms } from '../design';
import { vhdlOutputLines } from '../vhdl';
import {
  controlDelays,
  delayedControl,
  hasDataTerm,
  streamHeaderLines,
  tableEntry,
  tableEntryBits,
  type StreamDesign,
} from './design';

function xorOf(lhs: string, terms: string[]): string {
  const head = `  ${lhs} <= `;
  return `${head}${terms.length ? wrapTerms(terms, ' xor ', ' '.repeat(head.length)) : "'0'"};`;
}

const vec = (n: number) => `std_logic_vector(${n - 1} downto 0)`;

/** The byte shifter: data_in moved by N - data_bytes bytes towards the last byte in time. */
function shifter(d: StreamDesign): { signals: string[]; body: string[] } {
  const dw = d.dataWidth;
  const b = d.countBits;
  const signals = [
    `  signal shift_bytes : ${vec(b)};`,
    ...Array.from({ length: b + 1 }, (_, j) => `  signal dsh${j} : ${vec(dw)};`),
    `  constant ZERO : ${vec(dw)} := (others => '0');`,
  ];
  const body = [
    '',
    '  -- Partial word: the valid bytes moved to the end of the word in time, zeros before them.',
    `  shift_bytes <= std_logic_vector(to_unsigned(${d.bytes}, ${b}) - unsigned(data_bytes));`,
    '  dsh0 <= data_in;',
  ];
  for (let j = 0; j < b; j++) {
    const n = 8 * 2 ** j;
    const prev = `dsh${j}`;
    let moved: string;
    if (n >= dw) moved = 'ZERO';
    else if (d.params.refin) moved = `${prev}(${dw - n - 1} downto 0) & ZERO(${n - 1} downto 0)`;
    else moved = `ZERO(${n - 1} downto 0) & ${prev}(${dw - 1} downto ${n})`;
    body.push(`  dsh${j + 1} <= ${moved} when shift_bytes(${j}) = '1' else ${prev};`);
  }
  body.push(`  data_w <= dsh${b};`);
  return { signals, body };
}

/** Registers that delay crc_en, sop and data_bytes (controlDelays), reset to 0. */
function delayChain(d: StreamDesign): { signals: string[]; body: string[] } {
  const regs = controlDelays(d).flatMap((c) => Array.from({ length: c.stages }, (_, i) => ({ c, i: i + 1 })));
  if (!regs.length) return { signals: [], body: [] };
  const type = (width: number) => (width ? vec(width) : 'std_logic');
  return {
    // data_bytes' delays index the table (to_integer): declared 0, as the reset leaves them, so that
    // no simulator sees 'U' there at time 0 (GHDL: "NUMERIC_STD.TO_INTEGER: metavalue detected").
    signals: regs.map(
      ({ c, i }) => `  signal ${c.name}_p${i} : ${type(c.width)}${c.width ? " := (others => '0')" : ''};`,
    ),
    body: [
      '',
      d.partial
        ? '  -- crc_en travels to the register, sop and data_bytes to the table, alongside the data term.'
        : '  -- crc_en and sop travel alongside the data term.',
      '  process (clk, rst)',
      '  begin',
      "    if rst = '1' then",
      ...regs.map(({ c, i }) => `      ${c.name}_p${i} <= ${c.width ? "(others => '0')" : "'0'"};`),
      '    elsif rising_edge(clk) then',
      ...regs.map(({ c, i }) => `      ${c.name}_p${i} <= ${i === 1 ? c.port : `${c.name}_p${i - 1}`};`),
      '    end if;',
      '  end process;',
    ],
  };
}

/**
 * The F_8k table looked up by data_bytes, with sop folded in (registered when pipelined), and the
 * feedback it feeds: one AND-XOR per register bit. VHDL-93 hex literals need a multiple of 4
 * bits, so entries are padded to one.
 */
function advanceTable(d: StreamDesign): { signals: string[]; body: string[] } {
  const w = d.params.width;
  const ww = w * w;
  const tw = tableEntryBits(d);
  const padded = Math.ceil(tw / 4) * 4;
  const sop = delayedControl(d, 'sop');
  // The D/8 + 1 entries fill the array (0 to 2^B - 1) when D/8 is 2^B - 1 (D = 8, 24, 56, ...):
  // 'others' is then a choice of nothing, which GHDL warns about (-Wothers).
  const fills = d.table.length === 2 ** d.countBits;
  const entries = d.table.map(
    (_, k) =>
      `    ${k} => x"${tableEntry(d, k)
        .toString(16)
        .padStart(padded / 4, '0')}"${fills && k === d.table.length - 1 ? ');' : ','}`,
  );
  const signals = [
    `  type adv_table_t is array (0 to ${2 ** d.countBits - 1}) of ${vec(padded)};`,
    '  -- Entry k: bits (r*W+W-1 downto r*W) are the state bits feeding register bit r under F_8k,',
    `  -- bits (${tw - 1} downto ${ww}) are F_8k*init.`,
    '  constant ADV_TABLE : adv_table_t := (',
    ...entries,
    ...(fills ? [] : ["    others => (others => '0'));"]),
    `  signal adv_t : ${vec(padded)};`,
    `  signal adv_a_c, adv_a : ${vec(ww)};`,
    `  signal adv_u_c, adv_u : ${vec(w)};`,
    '  function parity(v : std_logic_vector) return std_logic is',
    "    variable x : std_logic := '0';",
    '  begin',
    "    for i in v'range loop",
    '      x := x xor v(i);',
    '    end loop;',
    '    return x;',
    '  end function;',
  ];
  const body = [
    '',
    '  -- Partial word: F_8k and F_8k*init for k = data_bytes; sop folded in: A = sop ? 0 : F_8k, u = sop ? F_8k*init : 0.',
    `  adv_t <= ADV_TABLE(to_integer(unsigned(${delayedControl(d, 'bytes')})));`,
    `  adv_a_c <= (others => '0') when ${sop} = '1' else adv_t(${ww - 1} downto 0);`,
    `  adv_u_c <= adv_t(${tw - 1} downto ${ww}) when ${sop} = '1' else (others => '0');`,
    ...(d.stages
      ? [
          '  process (clk)',
          '  begin',
          '    if rising_edge(clk) then',
          '      adv_a <= adv_a_c;',
          '      adv_u <= adv_u_c;',
          '    end if;',
          '  end process;',
        ]
      : ['  adv_a <= adv_a_c;', '  adv_u <= adv_u_c;']),
    '',
    "  -- Feedback (one cycle): s' = A*register xor u xor data term.",
    ...Array.from(
      { length: w },
      (_, r) =>
        `  lfsr_c(${r}) <= parity(adv_a(${r * w + w - 1} downto ${r * w}) and lfsr_q) xor adv_u(${r}) xor dterm(${r});`,
    ),
  ];
  return { signals, body };
}

export function generateCrcStreamVhdl(d: StreamDesign): string {
  const p = d.params;
  const w = p.width;
  const dw = d.dataWidth;
  const P = d.stages;
  const b = d.countBits;
  const init = `"${p.init.toString(2).padStart(w, '0')}"`;
  const shift = d.partial ? shifter(d) : { signals: [], body: ['  data_w <= data_in;'] };
  const item = (level: number, r: number, t: number): string =>
    level === 0 ? `data_w(${d.dataTerms[r]![t]})` : `dp${level}_q(${d.levels[level - 1]!.offset[r]! + t})`;
  const delays = delayChain(d);
  const advance = d.partial ? advanceTable(d) : { signals: [], body: [] };

  const signals = [
    `  signal lfsr_q, lfsr_c, ${d.partial ? '' : 's_in, '}dterm : ${vec(w)};`,
    '  signal valid_q : std_logic;',
    `  signal data_w : ${vec(dw)};`,
    ...shift.signals,
    ...d.levels.flatMap((l, i) => [`  signal dp${i + 1}_c, dp${i + 1}_q : ${vec(l.size)};`]),
    ...delays.signals,
    ...advance.signals,
  ];

  const body: string[] = [...shift.body];
  if (P === 0) {
    body.push('', '  -- Data term G*d: one XOR per register bit (data only).');
    d.dataTerms.forEach((t, r) =>
      body.push(
        xorOf(
          `dterm(${r})`,
          t.map((_, k) => item(0, r, k)),
        ),
      ),
    );
  } else {
    d.levels.forEach((level, i) => {
      const s = i + 1;
      body.push('', `  -- Pipeline stage ${s}: partial sums of the data term (data only), registered.`);
      level.groups.forEach((groups, r) =>
        groups.forEach((g, c) =>
          body.push(
            xorOf(
              `dp${s}_c(${level.offset[r]! + c})`,
              g.map((t) => item(i, r, t)),
            ),
          ),
        ),
      );
      body.push(
        `  process (clk)`,
        '  begin',
        `    if rising_edge(clk) then dp${s}_q <= dp${s}_c; end if;`,
        '  end process;',
      );
    });
    body.push('');
    for (let r = 0; r < w; r++) body.push(`  dterm(${r}) <= ${hasDataTerm(d, r) ? item(P, r, 0) : "'0'"};`);
  }
  body.push(...delays.body, ...advance.body);
  const en = delayedControl(d, 'en');
  if (!d.partial) {
    body.push(
      '',
      '  -- Feedback (one cycle): s_in = init at the start of a packet, else the register.',
      `  s_in <= ${init} when ${delayedControl(d, 'sop')} = '1' else lfsr_q;`,
    );
    d.feedback.forEach((row, r) =>
      body.push(
        xorOf(`lfsr_c(${r})`, [...row.map((i) => `s_in(${i})`), ...(hasDataTerm(d, r) ? [`dterm(${r})`] : [])]),
      ),
    );
  }
  body.push(
    ...vhdlOutputLines(p),
    '  crc_valid <= valid_q;',
    '',
    '  process (clk, rst)',
    '  begin',
    "    if rst = '1' then",
    `      lfsr_q <= ${init};`,
    "      valid_q <= '0';",
    '    elsif rising_edge(clk) then',
    `      valid_q <= ${en};`,
    `      if ${en} = '1' then`,
    '        lfsr_q <= lfsr_c;',
    '      end if;',
    '    end if;',
    '  end process;',
  );

  return [
    headerComment('vhdl', streamHeaderLines(d)),
    'library ieee;',
    'use ieee.std_logic_1164.all;',
    ...(d.partial ? ['use ieee.numeric_std.all;'] : []),
    '',
    `entity ${CRC_MODULE} is`,
    '  port (',
    '    clk        : in  std_logic;',
    '    rst        : in  std_logic;',
    '    crc_en     : in  std_logic;',
    '    sop        : in  std_logic;',
    `    data_in    : in  ${vec(dw)};`,
    ...(d.partial ? [`    data_bytes : in  ${vec(b)};`] : []),
    `    crc_out    : out ${vec(w)};`,
    '    crc_valid  : out std_logic',
    '  );',
    `end entity ${CRC_MODULE};`,
    '',
    `architecture rtl of ${CRC_MODULE} is`,
    ...signals,
    'begin',
    ...body,
    '',
    'end architecture rtl;',
    '',
  ].join('\n');
}
