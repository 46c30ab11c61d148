/**
 * The Consistency bundle: the Verilog or VHDL design the user chose (single cycle, or the stream
 * design with a partial last word and pipeline stages), a testbench whose expected values come from
 * the C implementation's algorithm (model.ts, the byte-table loop the generated C runs; not the
 * HDL generator's own reference), the C files, a C program that prints the same vectors, the
 * vectors as text and a README with the commands. Hardware passing its testbench and the C
 * program printing vectors.txt means both compute the same CRCs.
 */
import { countOf } from '../../hdl/comment';
import type { HdlFile, HdlLanguage } from '../../hdl/contract';
import { isStreamConfig, type CrcConfig } from '../../hdl/crc/config';
import { streamScenario } from '../../hdl/crc/stream/testbench';
import { generateCrcStreamTestbenchVerilog } from '../../hdl/crc/stream/testbench-verilog';
import { generateCrcStreamTestbenchVhdl } from '../../hdl/crc/stream/testbench-vhdl';
import { crcScenario } from '../../hdl/crc/testbench';
import { generateCrcTestbenchVerilog } from '../../hdl/crc/testbench-verilog';
import { generateCrcTestbenchVhdl } from '../../hdl/crc/testbench-vhdl';
import { hex } from '../params';
import { generateC } from './c';
import { modelCrc, softwareModel } from './model';
import { headerLines, hexDigits, snakeName, softwareName } from './naming';
import { zipFiles } from './zip';

/** The design as configured (partial last word and pipeline stages included), and what goes with it. */
export interface ConsistencyInput extends CrcConfig {
  /** Names the C identifiers and the zip (default: made of the parameters, see customName). */
  name?: string;
  language: HdlLanguage;
  /** The design file the HDL generator made for this configuration. */
  design: HdlFile;
  /** Seed of the testbench's random messages (default 1, as the page's testbench). */
  seed?: number;
}

export interface ConsistencyBundle {
  /** `<name>-consistency.zip`. */
  zipName: string;
  /** The files, as they sit in the zip's folder. */
  files: HdlFile[];
  zip: Uint8Array<ArrayBuffer>;
}

/**
 * Why a configuration has no bundle: the C code takes whole bytes, and the stream design's
 * testbench checks crc_out after every beat, so its beats must be whole bytes.
 */
export function consistencyProblem(c: CrcConfig): string | undefined {
  if (isStreamConfig(c) && c.dataWidth % 8 !== 0)
    return 'With pipeline stages the data width must be a multiple of 8: the C code takes whole bytes.';
  return undefined;
}

/** The design in words, for the README. */
function designWords(c: CrcConfig): string {
  const bits = countOf(c.dataWidth, 'data bit');
  if (!isStreamConfig(c)) return `${bits} per clock, single cycle`;
  const stages = c.pipelineStages ?? 0;
  const partial = c.partialLastWord ? ', a partial last word (data_bytes)' : '';
  return `${bits} per clock${partial}, ${countOf(stages, 'pipeline stage')} (sop, crc_valid)`;
}

/** `vector <n> (<bytes> bytes): <hex>` lines, the format of vectors.txt and of vectors.c's output. */
const vectorLine = (i: number, length: number, crc: string) => `vector ${i + 1} (${length} bytes): ${crc}`;

function vectorsProgram(prefix: string, width: number, messages: Uint8Array[]): string {
  const arrays = messages.map((m, i) =>
    m.length
      ? `static const unsigned char m${i}[] = { ${[...m].join(', ')} };`
      : `static const unsigned char *const m${i} = 0;`,
  );
  const digits = Math.ceil(width / 4);
  const prints = messages.map(
    (m, i) =>
      `    printf("vector ${i + 1} (${m.length} bytes): %0${digits}llx\\n", (unsigned long long)${prefix}_checksum(m${i}, ${m.length}));`,
  );
  return `// Prints the CRC of every message the testbench feeds, computed by ${prefix}.c.
// Compare with vectors.txt (the values the testbench expects): ./vectors | diff - vectors.txt
#include <stdio.h>
#include "${prefix}.h"

${arrays.join('\n')}

int main(void)
{
${prints.join('\n')}
    return 0;
}
`;
}

function readme(
  o: ConsistencyInput,
  name: string,
  files: Record<string, string>,
  m: ReturnType<typeof softwareModel>,
  checks: number,
) {
  const { design, tb, h, c } = files as Record<'design' | 'tb' | 'h' | 'c', string>;
  const hardware =
    o.language === 'verilog'
      ? [`iverilog -g2005 -o tb ${design} ${tb} && vvp tb`]
      : [`ghdl -a --std=08 ${design} ${tb}`, 'ghdl -e --std=08 crc_tb', 'ghdl -r --std=08 crc_tb'];
  return `# ${name}: the hardware and the software agree

${headerLines(name, m, 'consistency bundle').slice(1).join('\n')}

| File | What it is |
| --- | --- |
| ${design} | the parallel CRC (${o.language === 'verilog' ? 'module' : 'entity'} crc), ${designWords(o)} |
| ${tb} | its self-checking testbench; the values it expects were computed by the C implementation's algorithm (the byte-table loop of ${c}), not by the HDL generator |
| ${h}, ${c} | the C99 implementation (init, update, finalize) |
| vectors.c | prints the CRC of every message the testbench feeds, computed by ${c} |
| vectors.txt | the CRCs the testbench expects for those messages |

## Software: the C code prints the testbench's vectors

\`\`\`sh
gcc -std=c99 -Wall -Wextra -pedantic -o vectors vectors.c ${c}
./vectors | diff - vectors.txt && echo "C agrees with the testbench"
\`\`\`

## Hardware: the design passes the same vectors

\`\`\`sh
${hardware.join('\n')}
\`\`\`

It prints \`CRC_TB PASS checks=${checks}\`. Both passing means the design and ${c} give the same CRC
for these messages (including the check value ${hex(m.check, o.params.width)} of "123456789"
when the design is single cycle and its data width divides 72 bits).
`;
}

export function consistencyBundle(o: ConsistencyInput): ConsistencyBundle {
  const name = softwareName(o.params, o.name);
  const prefix = snakeName(name);
  const m = softwareModel(o.params);
  // The scenario asks for the CRC of each message it feeds: answered by the C algorithm's twin.
  const messages: Uint8Array[] = [];
  const crcOf = (bytes: Uint8Array) => {
    if (!messages.some((x) => x.length === bytes.length && x.every((b, i) => b === bytes[i]))) messages.push(bytes);
    return modelCrc(m, bytes);
  };
  const problem = consistencyProblem(o);
  if (problem) throw new Error(problem);
  const from = `the C implementation (${prefix}.c)`;
  const options = { seed: o.seed ?? 1 };
  const verilog = o.language === 'verilog';
  let tbText: string;
  let checks: number;
  if (isStreamConfig(o)) {
    const s = streamScenario(o, options, { crcOf, from });
    tbText = (verilog ? generateCrcStreamTestbenchVerilog : generateCrcStreamTestbenchVhdl)(s);
    checks = s.checks;
  } else {
    const s = crcScenario(o.params, o.dataWidth, crcOf, options, from);
    tbText = (verilog ? generateCrcTestbenchVerilog : generateCrcTestbenchVhdl)(s);
    checks = s.steps.filter((st) => st.kind === 'check').length;
  }
  const tbName = o.design.name.replace(/\.(v|vhd)$/, '_tb.$1');
  const [h, c] = generateC(name, m) as [HdlFile, HdlFile];
  const vectors = messages.map((msg, i) => vectorLine(i, msg.length, hexDigits(modelCrc(m, msg), o.params.width)));
  const files: HdlFile[] = [
    o.design,
    { name: tbName, text: tbText },
    h,
    c,
    { name: 'vectors.c', text: vectorsProgram(prefix, o.params.width, messages) },
    { name: 'vectors.txt', text: vectors.join('\n') + '\n' },
  ];
  files.push({
    name: 'README.md',
    text: readme(o, name, { design: o.design.name, tb: tbName, h: h.name, c: c.name }, m, checks),
  });
  const folder = `${prefix}-consistency`;
  return {
    zipName: `${folder}.zip`,
    files,
    zip: zipFiles(files.map((f) => ({ name: `${folder}/${f.name}`, text: f.text }))),
  };
}
