/**
 * Verilog-2005 stream CRC (design.ts): module `crc` with clk, rst, crc_en, sop, data_in,
 * data_bytes (partial last word), crc_out and crc_valid; flat equations, no loops. Each XOR
 * vector (and the F_8k table) is a function of blocking assignments, one statement per bit,
 * called by one continuous assignment:
 * - an event-driven simulator evaluates the vector once per change of its inputs, not once per
 *   changed bit (per-bit assigns made Icarus re-run each cascade stage for every glitch of the
 *   one before, 100 times slower at 1024 bits);
 * - a continuous assignment is evaluated at time 0 under Verilog-2005 and IEEE 1800 alike. The
 *   `always @*` blocks used before were not under 1800 (iverilog -g2012, or any SystemVerilog
 *   testbench): there they wait for an input to change, so a design whose data_in or data_bytes
 *   kept its declared value until the first beat left that beat's data term or table entry X.
 */
import { headerComment } from '../../comment';
import { CRC_MODULE, wrapTerms } from '../design';
import { verilogOutputLines } from '../verilog';
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
  const head = `      ${lhs} = `;
  return `${head}${terms.length ? wrapTerms(terms, ' ^ ', ' '.repeat(head.length)) : "1'b0"};`;
}

interface FunctionInput {
  /** The name inside the function. */
  name: string;
  width: number;
  /** The signal passed in. */
  arg: string;
}

/**
 * A vector computed by a function of blocking assignments and driven by one continuous
 * assignment: `wire [width-1:0] <target> = <fn>(<args>);`.
 */
function vectorFunction(target: string, fn: string, width: number, inputs: FunctionInput[], body: string[]): string[] {
  return [
    `  function [${width - 1}:0] ${fn};`,
    ...inputs.map((i) => `    input [${i.width - 1}:0] ${i.name};`),
    '    begin',
    ...body,
    '    end',
    '  endfunction',
    `  wire [${width - 1}:0] ${target} = ${fn}(${inputs.map((i) => i.arg).join(', ')});`,
  ];
}

/** The byte shifter: data_in moved by N - data_bytes bytes towards the last byte in time. */
function shifter(d: StreamDesign): string[] {
  const dw = d.dataWidth;
  const b = d.countBits;
  const out = [
    '',
    '  // Partial word: the valid bytes moved to the end of the word in time, zeros before them.',
    `  wire [${b - 1}:0] shift_bytes = ${b}'d${d.bytes} - data_bytes;`,
    `  wire [${dw - 1}:0] dsh0 = data_in;`,
  ];
  for (let j = 0; j < b; j++) {
    const n = 8 * 2 ** j;
    const prev = `dsh${j}`;
    let moved: string;
    if (n >= dw) moved = `{${dw}{1'b0}}`;
    else if (d.params.refin) moved = `{${prev}[${dw - n - 1}:0], ${n}'d0}`;
    else moved = `{${n}'d0, ${prev}[${dw - 1}:${n}]}`;
    out.push(`  wire [${dw - 1}:0] dsh${j + 1} = shift_bytes[${j}] ? ${moved} : ${prev};`);
  }
  out.push(`  wire [${dw - 1}:0] data_w = dsh${b};`);
  return out;
}

/** Registers that delay crc_en, sop and data_bytes (controlDelays), reset to 0. */
function delayChain(d: StreamDesign): string[] {
  const regs = controlDelays(d).flatMap((c) => Array.from({ length: c.stages }, (_, i) => ({ c, i: i + 1 })));
  if (!regs.length) return [];
  return [
    '',
    d.partial
      ? '  // crc_en travels to the register, sop and data_bytes to the table, alongside the data term.'
      : '  // crc_en and sop travel alongside the data term.',
    ...regs.map(({ c, i }) => `  reg  ${c.width ? `[${c.width - 1}:0] ` : ''}${c.name}_p${i};`),
    '  always @(posedge clk or posedge rst) begin',
    '    if (rst) begin',
    ...regs.map(({ c, i }) => `      ${c.name}_p${i} <= ${Math.max(1, c.width)}'d0;`),
    '    end else begin',
    ...regs.map(({ c, i }) => `      ${c.name}_p${i} <= ${i === 1 ? c.port : `${c.name}_p${i - 1}`};`),
    '    end',
    '  end',
  ];
}

/** The F_8k table looked up by data_bytes, with sop folded in (registered when pipelined). */
function advanceTable(d: StreamDesign): string[] {
  const w = d.params.width;
  const ww = w * w;
  const tw = tableEntryBits(d);
  const sop = delayedControl(d, 'sop');
  const out = [
    '',
    `  // Partial word: F_8k and F_8k*init for k = data_bytes (bits [r*${w} +: ${w}]: the state bits feeding`,
    `  // register bit r; bits [${tw - 1}:${ww}]: F_8k*init); sop folded in: A = sop ? 0 : F_8k, u = sop ? F_8k*init : 0.`,
    ...vectorFunction(
      'adv_t',
      'adv_table',
      tw,
      [{ name: 'k', width: d.countBits, arg: delayedControl(d, 'bytes') }],
      [
        '      case (k)',
        ...d.table.map((_, k) => `        ${d.countBits}'d${k}: adv_table = ${tw}'h${tableEntry(d, k).toString(16)};`),
        `        default: adv_table = {${tw}{1'b0}};`,
        '      endcase',
      ],
    ),
    `  wire [${ww - 1}:0] adv_a_c = ${sop} ? {${ww}{1'b0}} : adv_t[${ww - 1}:0];`,
    `  wire [${w - 1}:0] adv_u_c = ${sop} ? adv_t[${tw - 1}:${ww}] : {${w}{1'b0}};`,
  ];
  if (!d.stages) return [...out, `  wire [${ww - 1}:0] adv_a = adv_a_c;`, `  wire [${w - 1}:0] adv_u = adv_u_c;`];
  return [
    ...out,
    `  reg  [${ww - 1}:0] adv_a;`,
    `  reg  [${w - 1}:0] adv_u;`,
    '  always @(posedge clk) begin',
    '    adv_a <= adv_a_c;',
    '    adv_u <= adv_u_c;',
    '  end',
  ];
}

/** Partial word's feedback: one AND-XOR per register bit. */
function advanceLoop(d: StreamDesign): string[] {
  const w = d.params.width;
  return [
    '',
    "  // Feedback (one cycle): s' = A*register xor u xor data term.",
    ...vectorFunction(
      'lfsr_c',
      'lfsr_next',
      w,
      [
        { name: 'a', width: w * w, arg: 'adv_a' },
        { name: 'q', width: w, arg: 'lfsr_q' },
        { name: 'u', width: w, arg: 'adv_u' },
        { name: 't', width: w, arg: 'dterm' },
      ],
      Array.from(
        { length: w },
        (_, r) => `      lfsr_next[${r}] = ^(a[${r * w + w - 1}:${r * w}] & q) ^ u[${r}] ^ t[${r}];`,
      ),
    ),
  ];
}

export function generateCrcStreamVerilog(d: StreamDesign): string {
  const p = d.params;
  const w = p.width;
  const dw = d.dataWidth;
  const P = d.stages;
  const b = d.countBits;
  const out: string[] = [headerComment('verilog', streamHeaderLines(d))];
  out.push(
    '`timescale 1ns / 1ps',
    '',
    `module ${CRC_MODULE} (`,
    '  input  wire clk,',
    '  input  wire rst,',
    '  input  wire crc_en,',
    '  input  wire sop,',
    `  input  wire [${dw - 1}:0] data_in,`,
    ...(d.partial ? [`  input  wire [${b - 1}:0] data_bytes,`] : []),
    `  output wire [${w - 1}:0] crc_out,`,
    '  output wire crc_valid',
    ');',
    '',
    `  reg  [${w - 1}:0] lfsr_q;`,
    '  reg  valid_q;',
  );
  if (d.partial) out.push(...shifter(d));
  else out.push(`  wire [${dw - 1}:0] data_w = data_in;`);

  // Data term: level 0 items are data_w bits (d inside the functions); stage p registers the
  // partial sums of stage p-1 (s inside the functions).
  const item = (level: number, r: number, t: number): string =>
    level === 0 ? `d[${d.dataTerms[r]![t]}]` : `s[${d.levels[level - 1]!.offset[r]! + t}]`;
  const source = (level: number): FunctionInput =>
    level === 0
      ? { name: 'd', width: dw, arg: 'data_w' }
      : { name: 's', width: d.levels[level - 1]!.size, arg: `dp${level}_q` };
  if (P === 0) {
    out.push(
      '',
      '  // Data term G*d: one XOR per register bit (data only).',
      ...vectorFunction(
        'dterm',
        'data_term',
        w,
        [source(0)],
        d.dataTerms.map((t, r) =>
          xorOf(
            `data_term[${r}]`,
            t.map((_, k) => item(0, r, k)),
          ),
        ),
      ),
    );
  } else {
    d.levels.forEach((level, i) => {
      const s = i + 1;
      out.push(
        '',
        `  // Pipeline stage ${s}: partial sums of the data term (data only), registered.`,
        ...vectorFunction(
          `dp${s}_c`,
          `dp${s}_sums`,
          level.size,
          [source(i)],
          level.groups.flatMap((groups, r) =>
            groups.map((g, c) =>
              xorOf(
                `dp${s}_sums[${level.offset[r]! + c}]`,
                g.map((t) => item(i, r, t)),
              ),
            ),
          ),
        ),
        `  reg  [${level.size - 1}:0] dp${s}_q;`,
        `  always @(posedge clk) dp${s}_q <= dp${s}_c;`,
      );
    });
    const last = `dp${P}_q`;
    const sum = (r: number) => `${last}[${d.levels[P - 1]!.offset[r]}]`;
    out.push('', `  wire [${w - 1}:0] dterm;`);
    for (let r = 0; r < w; r++) out.push(`  assign dterm[${r}] = ${hasDataTerm(d, r) ? sum(r) : "1'b0"};`);
  }
  out.push(...delayChain(d));
  const en = delayedControl(d, 'en');
  if (d.partial) out.push(...advanceTable(d), ...advanceLoop(d));
  else {
    out.push(
      '',
      '  // Feedback (one cycle): s_in = init at the start of a packet, else the register.',
      `  wire [${w - 1}:0] s_in = ${delayedControl(d, 'sop')} ? ${w}'h${p.init.toString(16)} : lfsr_q;`,
      ...vectorFunction(
        'lfsr_c',
        'lfsr_next',
        w,
        [
          { name: 's', width: w, arg: 's_in' },
          { name: 't', width: w, arg: 'dterm' },
        ],
        d.feedback.map((row, r) =>
          xorOf(`lfsr_next[${r}]`, [...row.map((i) => `s[${i}]`), ...(hasDataTerm(d, r) ? [`t[${r}]`] : [])]),
        ),
      ),
    );
  }
  out.push(
    ...verilogOutputLines(p),
    '  assign crc_valid = valid_q;',
    '',
    '  always @(posedge clk or posedge rst) begin',
    '    if (rst) begin',
    `      lfsr_q <= ${w}'h${p.init.toString(16)};`,
    "      valid_q <= 1'b0;",
    '    end else begin',
    `      valid_q <= ${en};`,
    `      if (${en}) lfsr_q <= lfsr_c;`,
    '    end',
    '  end',
    '',
    'endmodule',
    '',
  );
  return out.join('\n');
}
