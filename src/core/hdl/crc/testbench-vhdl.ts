/** Self-checking VHDL-93 testbench for the generated crc entity (scenario in testbench.ts). */
import { headerComment } from '../comment';
import { crcFileName, CRC_MODULE } from './design';
import { TB_FAIL, TB_NAME, TB_PASS, tbHeaderLines, type CrcScenario, type CrcStep } from './testbench';

const binary = (v: bigint, width: number): string => v.toString(2).padStart(width, '0');

/** The testbench's opening: libraries, the entity, the architecture's first line (both design families). */
export const VHDL_TB_OPENING = [
  'library ieee;',
  'use ieee.std_logic_1164.all;',
  '',
  `entity ${TB_NAME} is`,
  `end entity ${TB_NAME};`,
  '',
  `architecture sim of ${TB_NAME} is`,
];

/** A VHDL-93 function printing a vector as 0/1 characters (to_string is VHDL-2008 only). */
export const VHDL_BITS_FUNCTION = [
  '  -- The value as a string of 0/1 characters, most significant bit first.',
  '  function bits(v : std_logic_vector) return string is',
  "    variable text : string(1 to v'length);",
  '    variable k : positive := 1;',
  '    variable img : string(1 to 3);',
  '  begin',
  "    for i in v'range loop",
  "      img := std_logic'image(v(i));",
  '      text(k) := img(2);',
  '      k := k + 1;',
  '    end loop;',
  '    return text;',
  '  end function bits;',
];

/** The testbench's last lines: the verdict the simulation suites read, then the end (both design families). */
export const VHDL_VERDICT_LINES = [
  '    if errors = 0 then',
  `      report "${TB_PASS} checks=" & integer'image(checks);`,
  '    else',
  `      report "${TB_FAIL} errors=" & integer'image(errors) severity failure;`,
  '    end if;',
  '    wait;',
  '  end process stimulus;',
  'end architecture sim;',
  '',
];

function stepLines(st: CrcStep, s: CrcScenario): string[] {
  switch (st.kind) {
    case 'reset':
      return ["    rst <= '1'; wait for 1 ns; rst <= '0'; wait for 1 ns;"];
    case 'word':
      return [
        `    data_in <= "${binary(st.value, s.dataWidth)}"; crc_en <= '${st.enable ? 1 : 0}';`,
        "    wait for 1 ns; clk <= '1'; wait for 1 ns; clk <= '0'; wait for 1 ns;",
      ];
    case 'check': {
      const want = binary(st.expected, s.width);
      return [
        '    checks := checks + 1;',
        `    if crc_out /= "${want}" then`,
        `      report "${TB_FAIL} ${st.what}: crc_out = " & bits(crc_out) & ", expected ${want}" severity error;`,
        '      errors := errors + 1;',
        '    end if;',
      ];
    }
  }
}

export function generateCrcTestbenchVhdl(s: CrcScenario): string {
  return [
    headerComment('vhdl', tbHeaderLines(s, crcFileName('vhdl'))),
    ...VHDL_TB_OPENING,
    "  signal clk, rst, crc_en : std_logic := '0';",
    `  signal data_in : std_logic_vector(${s.dataWidth - 1} downto 0) := (others => '0');`,
    `  signal crc_out : std_logic_vector(${s.width - 1} downto 0);`,
    '',
    ...VHDL_BITS_FUNCTION,
    'begin',
    `  dut : entity work.${CRC_MODULE}`,
    '    port map (clk => clk, rst => rst, crc_en => crc_en, data_in => data_in, crc_out => crc_out);',
    '',
    '  -- Words change between clock edges; rst pulses with no clock edge (it is asynchronous).',
    '  stimulus : process',
    '    variable checks : natural := 0;',
    '    variable errors : natural := 0;',
    '  begin',
    ...s.steps.flatMap((st) => stepLines(st, s)),
    ...VHDL_VERDICT_LINES,
  ].join('\n');
}
