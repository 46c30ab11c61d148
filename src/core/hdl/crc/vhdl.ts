/** VHDL-93 parallel CRC register: entity `crc`, the same ports and equations as verilog.ts. */
import { headerComment } from '../comment';
import type { CrcParams } from '../../crc/params';
import { CRC_MODULE, headerLines, outputSource, wrapTerms, type CrcDesign } from './design';

/** crc_out from the register lfsr_q: reversed for refout, inverted where xorout has a 1 (both design families). */
export function vhdlOutputLines(p: CrcParams): string[] {
  return [
    '',
    `  -- Output: register${p.refout ? ' reversed' : ''} xor xorout.`,
    ...Array.from({ length: p.width }, (_, k) => {
      const { bit, invert } = outputSource(p, k);
      return `  crc_out(${k}) <= ${invert ? 'not ' : ''}lfsr_q(${bit});`;
    }),
  ];
}

export function generateCrcVhdl(design: CrcDesign): string {
  const p = design.params;
  const w = p.width;
  const d = design.dataWidth;
  const initBits = p.init.toString(2).padStart(w, '0');
  const out: string[] = [headerComment('vhdl', headerLines(design))];
  out.push(
    'library ieee;',
    'use ieee.std_logic_1164.all;',
    '',
    `entity ${CRC_MODULE} is`,
    '  port (',
    '    clk     : in  std_logic;',
    '    rst     : in  std_logic;',
    '    crc_en  : in  std_logic;',
    `    data_in : in  std_logic_vector(${d - 1} downto 0);`,
    `    crc_out : out std_logic_vector(${w - 1} downto 0)`,
    '  );',
    `end entity ${CRC_MODULE};`,
    '',
    `architecture rtl of ${CRC_MODULE} is`,
    `  signal lfsr_q : std_logic_vector(${w - 1} downto 0);`,
    `  signal lfsr_c : std_logic_vector(${w - 1} downto 0);`,
    'begin',
    '  -- Next state: one flat XOR equation per register bit.',
  );
  design.equations.forEach((e, r) => {
    const terms = [...e.state.map((i) => `lfsr_q(${i})`), ...e.data.map((j) => `data_in(${j})`)];
    const lhs = `  lfsr_c(${r}) <= `;
    out.push(`${lhs}${terms.length ? wrapTerms(terms, ' xor ', ' '.repeat(lhs.length)) : "'0'"};`);
  });
  out.push(
    ...vhdlOutputLines(p),
    '',
    '  process (clk, rst)',
    '  begin',
    "    if rst = '1' then",
    `      lfsr_q <= "${initBits}";`,
    '    elsif rising_edge(clk) then',
    "      if crc_en = '1' then",
    '        lfsr_q <= lfsr_c;',
    '      end if;',
    '    end if;',
    '  end process;',
    '',
    'end architecture rtl;',
    '',
  );
  return out.join('\n');
}
