/** Self-checking VHDL-93 testbench for the stream crc entity (scenario in testbench.ts). */
import { headerComment } from '../../comment';
import { crcFileName, CRC_MODULE } from '../design';
import { TB_FAIL, TB_PASS } from '../testbench';
import { VHDL_BITS_FUNCTION, VHDL_TB_OPENING, VHDL_VERDICT_LINES } from '../testbench-vhdl';
import { streamTbHeaderLines, type StreamCycle, type StreamScenario } from './testbench';

/** A std_logic_vector literal: X"..." when the width is a multiple of 4, else a binary string. */
function literal(v: bigint, bits: number): string {
  return bits % 4 === 0 ? `X"${v.toString(16).padStart(bits / 4, '0')}"` : `"${v.toString(2).padStart(bits, '0')}"`;
}

/** data_bytes as a binary string literal. */
const countLiteral = (k: number, bits: number): string => `"${k.toString(2).padStart(bits, '0')}"`;

function cycleLines(c: StreamCycle, s: StreamScenario): string[] {
  const args = [
    literal(c.value, s.dataWidth),
    `'${c.en ? 1 : 0}'`,
    `'${c.sop ? 1 : 0}'`,
    ...(s.partial ? [countLiteral(c.bytes, s.countBits)] : []),
    `'${c.valid ? 1 : 0}'`,
    literal(c.expected, s.params.width),
  ];
  return [...(c.reset ? ['    reset_pulse;'] : []), `    cyc(${args.join(', ')});`];
}

export function generateCrcStreamTestbenchVhdl(s: StreamScenario): string {
  const w = s.params.width;
  const d = s.dataWidth;
  const b = s.countBits;
  return [
    headerComment('vhdl', streamTbHeaderLines(s, crcFileName('vhdl'), TB_PASS, TB_FAIL)),
    ...VHDL_TB_OPENING,
    "  signal clk, rst, crc_en, sop, crc_valid : std_logic := '0';",
    "  -- Declared with the first beat's values: nothing on the data path changes before that beat.",
    `  signal data_in : std_logic_vector(${d - 1} downto 0) := ${literal(s.initial.value, d)};`,
    ...(s.partial
      ? [`  signal data_bytes : std_logic_vector(${b - 1} downto 0) := ${countLiteral(s.initial.bytes, b)};`]
      : []),
    `  signal crc_out : std_logic_vector(${w - 1} downto 0);`,
    '',
    ...VHDL_BITS_FUNCTION,
    'begin',
    `  dut : entity work.${CRC_MODULE}`,
    `    port map (clk => clk, rst => rst, crc_en => crc_en, sop => sop, data_in => data_in,${s.partial ? ' data_bytes => data_bytes,' : ''}`,
    '              crc_out => crc_out, crc_valid => crc_valid);',
    '',
    '  stimulus : process',
    '    variable checks : natural := 0;',
    '    variable errors : natural := 0;',
    '    variable n : natural := 0;',
    '',
    '    -- One clock: the inputs, a rising edge, then what crc_valid (and crc_out when valid) must be.',
    '    procedure cyc(v : std_logic_vector; en, s : std_logic;' + (s.partial ? ' k : std_logic_vector;' : ''),
    '                  want_valid : std_logic; want : std_logic_vector) is',
    '    begin',
    `      data_in <= v; crc_en <= en; sop <= s;${s.partial ? ' data_bytes <= k;' : ''}`,
    "      wait for 1 ns; clk <= '1'; wait for 1 ns; clk <= '0'; wait for 1 ns;",
    '      n := n + 1;',
    '      if crc_valid /= want_valid then',
    `        report "${TB_FAIL} clock " & integer'image(n) & ": crc_valid = " & std_logic'image(crc_valid) severity error;`,
    '        errors := errors + 1;',
    "      elsif want_valid = '1' then",
    '        checks := checks + 1;',
    '        if crc_out /= want then',
    `          report "${TB_FAIL} clock " & integer'image(n) & ": crc_out = " & bits(crc_out) & ", expected " & bits(want) severity error;`,
    '          errors := errors + 1;',
    '        end if;',
    '      end if;',
    '    end procedure cyc;',
    '',
    '    -- rst is asynchronous: a pulse between clock edges; then no result is pending and crc_out is the CRC of nothing.',
    '    procedure reset_pulse is',
    '    begin',
    "      rst <= '1'; wait for 1 ns; rst <= '0'; wait for 1 ns;",
    `      if crc_valid /= '0' or crc_out /= ${literal(s.afterReset, w)} then`,
    `        report "${TB_FAIL} after reset (clock " & integer'image(n) & "): crc_out = " & bits(crc_out) severity error;`,
    '        errors := errors + 1;',
    '      end if;',
    '    end procedure reset_pulse;',
    '  begin',
    '    reset_pulse;',
    ...s.cycles.flatMap((c) => cycleLines(c, s)),
    `    if checks /= ${s.checks} then`,
    `      report "${TB_FAIL} " & integer'image(checks) & " results seen, expected ${s.checks}" severity error;`,
    '      errors := errors + 1;',
    '    end if;',
    ...VHDL_VERDICT_LINES,
  ].join('\n');
}
