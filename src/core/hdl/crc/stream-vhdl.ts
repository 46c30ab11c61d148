/** VHDL-93 stream CRC (stream.ts): entity `crc`, the same ports and structure as stream-verilog.ts. */
import { headerComment } from '../comment';
import { CRC_MODULE, outputSource, wrapTerms } from './design';
import { hasDataTerm, streamHeaderLines, type StreamDesign } from './stream';

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

  const signals = [
    `  signal lfsr_q, lfsr_c, s_in, dterm : ${vec(w)};`,
    '  signal valid_q : std_logic;',
    `  signal data_w : ${vec(dw)};`,
    ...shift.signals,
    ...d.levels.flatMap((l, i) => [`  signal dp${i + 1}_c, dp${i + 1}_q : ${vec(l.size)};`]),
    ...Array.from({ length: P }, (_, i) => `  signal en_p${i + 1}, sop_p${i + 1} : std_logic;`),
    ...(b ? Array.from({ length: P }, (_, i) => `  signal bytes_p${i + 1} : ${vec(b)};`) : []),
    ...(d.partial
      ? Array.from({ length: b + 1 }, (_, j) => `  signal cas${j}${j ? `, adv${j}` : ''} : ${vec(w)};`)
      : []),
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
    body.push(
      '',
      `  -- crc_en${b ? ', sop and data_bytes' : ' and sop'} travel alongside the data term.`,
      '  process (clk, rst)',
      '  begin',
      "    if rst = '1' then",
      ...Array.from({ length: P }, (_, i) => `      en_p${i + 1} <= '0'; sop_p${i + 1} <= '0';`),
      ...(b ? Array.from({ length: P }, (_, i) => `      bytes_p${i + 1} <= (others => '0');`) : []),
      '    elsif rising_edge(clk) then',
      ...Array.from({ length: P }, (_, i) =>
        i === 0
          ? '      en_p1 <= crc_en; sop_p1 <= sop;'
          : `      en_p${i + 1} <= en_p${i}; sop_p${i + 1} <= sop_p${i};`,
      ),
      ...(b
        ? Array.from({ length: P }, (_, i) =>
            i === 0 ? '      bytes_p1 <= data_bytes;' : `      bytes_p${i + 1} <= bytes_p${i};`,
          )
        : []),
      '    end if;',
      '  end process;',
    );
  }
  const en = P ? `en_p${P}` : 'crc_en';
  const sop = P ? `sop_p${P}` : 'sop';
  const count = P ? `bytes_p${P}` : 'data_bytes';
  body.push(
    '',
    '  -- Feedback (one cycle): s_in = init at the start of a packet, else the register.',
    `  s_in <= ${init} when ${sop} = '1' else lfsr_q;`,
  );
  if (d.partial) {
    body.push('  cas0 <= s_in;');
    d.cascade.forEach(({ bytes, rows }, j) => {
      body.push(
        `  -- Stage ${j + 1}: advance by ${bytes} byte${bytes === 1 ? '' : 's'} (F_${8 * bytes}) when data_bytes(${j}) is set.`,
        `  cas${j + 1} <= adv${j + 1} when ${count}(${j}) = '1' else cas${j};`,
      );
      rows.forEach((row, r) =>
        body.push(
          xorOf(
            `adv${j + 1}(${r})`,
            row.map((i) => `cas${j}(${i})`),
          ),
        ),
      );
    });
    body.push(`  lfsr_c <= cas${d.cascade.length} xor dterm;`);
  } else {
    d.feedback.forEach((row, r) =>
      body.push(
        xorOf(`lfsr_c(${r})`, [...row.map((i) => `s_in(${i})`), ...(hasDataTerm(d, r) ? [`dterm(${r})`] : [])]),
      ),
    );
  }
  body.push('', `  -- Output: register${p.refout ? ' reversed' : ''} xor xorout.`);
  for (let k = 0; k < w; k++) {
    const { bit, invert } = outputSource(p, k);
    body.push(`  crc_out(${k}) <= ${invert ? 'not ' : ''}lfsr_q(${bit});`);
  }
  body.push(
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
