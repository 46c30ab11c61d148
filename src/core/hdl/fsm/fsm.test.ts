import { describe, expect, it } from 'vitest';
import { compileFsm, step } from './design';
import {
  addState,
  COMPLEX_EXAMPLE,
  DEFAULT_FSM,
  moveOutputValues,
  removeOutput,
  removeState,
  renameInput,
  renameState,
  SIMPLE_EXAMPLE,
  type FsmConfig,
} from './config';
import { stateCodes } from './encoding';
import { layoutDiagram } from './diagram';
import { generateFsmVerilog } from './verilog';
import { generateFsmVhdl } from './vhdl';
import { fsmGenerator } from '.';
import { identifierProblem } from './names';

describe('FSM configuration rules', () => {
  it('has the spec defaults', () => {
    const c = DEFAULT_FSM;
    expect([c.moduleName, c.fsmType, c.encoding, c.resetState, c.clkName, c.resetName]).toEqual([
      'my_fsm',
      'moore',
      'binary',
      'IDLE',
      'clk',
      'reset',
    ]);
    expect(c.states.map((s) => s.name)).toEqual(['IDLE', 'RUN', 'DONE']);
    expect(c.inputs.map((s) => s.name)).toEqual(['start', 'stop']);
    expect(c.outputs.map((s) => s.name)).toEqual(['busy', 'complete']);
    expect(SIMPLE_EXAMPLE.states).toHaveLength(3);
    expect([COMPLEX_EXAMPLE.states.length, COMPLEX_EXAMPLE.fsmType, COMPLEX_EXAMPLE.encoding]).toEqual([
      4,
      'mealy',
      'onehot',
    ]);
  });

  it('adds STATE_n with the 2-bit binary of the count and "State n"; removal stops at one state', () => {
    const four = addState(DEFAULT_FSM);
    expect(four.states[3]).toEqual({ name: 'STATE_3', code: '11', description: 'State 3' });
    expect(four.numStates).toBe(4);
    expect(addState(four).states[4]).toMatchObject({ name: 'STATE_4', code: '100' });
    let c: FsmConfig = DEFAULT_FSM;
    c = removeState(c, 0);
    expect(c.resetState).toBe('RUN');
    expect(c.transitions.every((t) => t.from !== 'IDLE' && t.to !== 'IDLE')).toBe(true);
    c = removeState(c, 0);
    expect(c.states.map((s) => s.name)).toEqual(['DONE']);
    expect(removeState(c, 0)).toBe(c);
  });

  it('adds a state whose name no other name has, after a removal or a rename', () => {
    // IDLE, RUN, DONE, STATE_3 with RUN removed is three states again: STATE_3 was taken, and Add
    // State made a second one, the Checks' duplicate-name error before anything was typed.
    let c = removeState(addState(DEFAULT_FSM), 1);
    c = addState(c);
    expect(c.states.map((s) => s.name)).toEqual(['IDLE', 'DONE', 'STATE_3', 'STATE_4']);
    expect(c.states[3]).toEqual({ name: 'STATE_4', code: '100', description: 'State 4' });
    expect(compileFsm(c).errors).toEqual([]);
    // Names are compared without case, and inputs and outputs share the namespace.
    const taken = { ...DEFAULT_FSM, inputs: [...DEFAULT_FSM.inputs, { name: 'state_3', width: 1, description: '' }] };
    expect(addState(taken).states[3]).toMatchObject({ name: 'STATE_4', description: 'State 4' });
  });

  it('removes an output with its values in every state and transition', () => {
    // Values left behind were ignored by the generators and refused by POST /api/hdl/fsm and bitsmith.
    const c = removeOutput(COMPLEX_EXAMPLE, 0);
    expect(c.outputs.map((o) => o.name)).toEqual(['load', 'phase']);
    for (const entry of [...c.states, ...c.transitions])
      expect(Object.keys(entry.outputs ?? {})).not.toContain('ready');
    expect(c.states[0]?.outputs).toEqual({ load: '0', phase: '0' });
    expect(c.transitions[0]?.outputs).toEqual({});
    expect(removeOutput(c, 5)).toBe(c);
    // Two outputs named alike (a name being typed): removing one keeps the other's values.
    const twins = {
      ...COMPLEX_EXAMPLE,
      outputs: [...COMPLEX_EXAMPLE.outputs, { name: 'load', width: 1, description: '' }],
    };
    expect(removeOutput(twins, 3).states).toEqual(COMPLEX_EXAMPLE.states);
  });

  it("moves an output's values as its name is typed, never over another output's", () => {
    // As the page renames, key by key: typing "complete" over to "busy_d" passes through "busy",
    // where the values of complete replaced those of busy, which then left with the name.
    const rename = (c: FsmConfig, index: number, name: string): FsmConfig => {
      const moved = moveOutputValues(c, index, name);
      return { ...moved, outputs: moved.outputs.map((o, i) => (i === index ? { ...o, name } : o)) };
    };
    let c: FsmConfig = DEFAULT_FSM;
    for (const name of ['complet', 'c', 'b', 'bus', 'busy', 'busy_', 'busy_d']) c = rename(c, 1, name);
    expect(c.states.map((s) => s.outputs)).toEqual([
      { busy: '0', busy_d: '0' },
      { busy: '1', busy_d: '0' },
      { busy: '0', busy_d: '1' },
    ]);
    expect(rename(DEFAULT_FSM, 0, 'active').states[1]?.outputs).toEqual({ active: '1', complete: '0' });
  });

  it('renames a state everywhere it is used', () => {
    const c = renameState(DEFAULT_FSM, 0, 'WAIT_START');
    expect(c.resetState).toBe('WAIT_START');
    expect(c.transitions[0]?.from).toBe('WAIT_START');
    expect(c.transitions[2]?.to).toBe('WAIT_START');
  });

  it('renames an input in every condition, whole names only, never onto another input', () => {
    const c: FsmConfig = {
      ...COMPLEX_EXAMPLE,
      transitions: [{ from: 'IDLE', to: 'REQUEST', condition: 'count[3] && count != 0xC || !(count_max)' }],
    };
    const conditions = (m: FsmConfig) => m.transitions.map((t) => t.condition);
    expect(conditions(renameInput(c, 3, 'words'))).toEqual(['words[3] && words != 0xC || !(count_max)']);
    expect(renameInput(c, 3, 'words').inputs[3]?.name).toBe('words');
    // Half typed, or another input's name: the conditions keep the old name.
    for (const name of ['', '3x', 'grant', 'true'])
      expect(conditions(renameInput(c, 3, name)), name).toEqual(conditions(c));
  });
});

describe('FSM checks', () => {
  it('accepts the default and both examples', () => {
    for (const c of [DEFAULT_FSM, SIMPLE_EXAMPLE, COMPLEX_EXAMPLE])
      expect(compileFsm(c)).toMatchObject({ errors: [], warnings: [] });
  });

  it('quotes at most 40 characters of a long name, value or condition in a message', () => {
    const long = 'x'.repeat(10_000);
    const bad: FsmConfig = {
      ...DEFAULT_FSM,
      moduleName: `9${long}`,
      resetState: long,
      states: DEFAULT_FSM.states.map((s, i) => (i === 0 ? { ...s, outputs: { busy: `0x${'f'.repeat(10_000)}` } } : s)),
      transitions: [...DEFAULT_FSM.transitions, { from: long, to: 'RUN', condition: `start && ${long} ${long}` }],
    };
    const { errors } = compileFsm(bad);
    expect(errors.length).toBeGreaterThanOrEqual(4);
    for (const e of errors) expect(e.length, e.slice(0, 120)).toBeLessThan(300);
    expect(errors.join('\n')).toContain(`'${'x'.repeat(40)}…'`);
  });

  it('names duplicate, reserved and unknown names clearly', () => {
    const bad: FsmConfig = {
      ...DEFAULT_FSM,
      moduleName: 'entity',
      inputs: [...DEFAULT_FSM.inputs, { name: 'Busy', width: 1, description: '' }],
      transitions: [...DEFAULT_FSM.transitions, { from: 'RUN', to: 'NOWHERE', condition: 'go && start[3]' }],
    };
    const { errors, fsm } = compileFsm(bad);
    expect(fsm).toBeUndefined();
    expect(errors).toContain("Module name 'entity' is a reserved word in Verilog, SystemVerilog or VHDL.");
    expect(errors).toContain(
      "Duplicate name 'busy': input 'Busy' and output 'busy' (names are compared without case, as in VHDL).",
    );
    expect(errors).toContain("Transition 4 (RUN → NOWHERE): unknown state 'NOWHERE'.");
    expect(errors).toContain("Transition 4 (RUN → NOWHERE): condition uses 'go', which is not an input.");
    expect(errors).toContain("Transition 4 (RUN → NOWHERE): bit 3 is outside input 'start' (1 bit).");
  });

  it('a condition naming no input suggests the input it is a typo or another case of', () => {
    // VHDL ignores case, the condition language does not: until 2026-11-30 'Start' was only "not an input".
    const errors = (condition: string) =>
      compileFsm({ ...DEFAULT_FSM, transitions: [{ from: 'IDLE', to: 'RUN', condition }] }).errors;
    expect(errors('Start')).toEqual([
      "Transition 1 (IDLE → RUN): condition uses 'Start', which is not an input (did you mean start?).",
    ]);
    expect(errors('strat && !stop')).toEqual([
      "Transition 1 (IDLE → RUN): condition uses 'strat', which is not an input (did you mean start?).",
    ]);
    expect(errors('enable')).toEqual(["Transition 1 (IDLE → RUN): condition uses 'enable', which is not an input."]);
  });

  it('names such as constructor, toString or hasOwnProperty are names like any other', () => {
    // Until 2026-12-01 they were looked up in plain objects and found on Object.prototype: the condition
    // 'constructor' passed the checks (its Verilog named an undeclared signal and did not compile),
    // 'hasOwnProperty == 1' threw (the page fell to its error screen), and so did an output named toString.
    const errors = (condition: string) =>
      compileFsm({ ...DEFAULT_FSM, transitions: [{ from: 'IDLE', to: 'RUN', condition }] }).errors;
    expect(errors('constructor')).toEqual([
      "Transition 1 (IDLE → RUN): condition uses 'constructor', which is not an input.",
    ]);
    expect(errors('hasOwnProperty == 1')).toEqual([
      "Transition 1 (IDLE → RUN): condition uses 'hasOwnProperty', which is not an input.",
    ]);
    const named: FsmConfig = {
      ...DEFAULT_FSM,
      fsmType: 'mealy',
      inputs: [...DEFAULT_FSM.inputs, { name: 'valueOf', width: 2, description: '' }],
      outputs: [...DEFAULT_FSM.outputs, { name: 'toString', width: 1, description: '' }],
      states: DEFAULT_FSM.states.map((st, i) => (i === 1 ? { ...st, outputs: { ...st.outputs, toString: '1' } } : st)),
      transitions: [...DEFAULT_FSM.transitions, { from: 'DONE', to: 'RUN', condition: 'valueOf == 2' }],
    };
    const { errors: none, fsm } = compileFsm(named);
    expect(none).toEqual([]);
    expect([...fsm!.stateOutputs.values()].map((values) => values[2])).toEqual([0n, 1n, 0n]);
  });

  it("a condition's TRUE or False (VHDL's spelling) suggests the language's true or false", () => {
    // Until 2026-12-01 'TRUE' was only "not an input": a reserved word, it can never be one.
    const errors = (condition: string) =>
      compileFsm({ ...DEFAULT_FSM, transitions: [{ from: 'IDLE', to: 'RUN', condition }] }).errors;
    expect(errors('TRUE')).toEqual([
      "Transition 1 (IDLE → RUN): condition uses 'TRUE', which is not an input (did you mean true?).",
    ]);
    expect(errors('start && False')).toEqual([
      "Transition 1 (IDLE → RUN): condition uses 'False', which is not an input (did you mean false?).",
    ]);
    expect(errors('ture')).toEqual(["Transition 1 (IDLE → RUN): condition uses 'ture', which is not an input."]);
  });

  it('names the fields a name or width error is about, with the index of its message', () => {
    const { errors, fields } = compileFsm({
      ...DEFAULT_FSM,
      states: DEFAULT_FSM.states.map((s, i) => (i === 1 ? { ...s, name: 'idle' } : s)),
      inputs: DEFAULT_FSM.inputs.map((s, i) => (i === 0 ? { ...s, width: 0 } : s)),
    });
    const duplicate = errors.findIndex((e) => e.startsWith("Duplicate name 'idle'"));
    expect(fields['states.0.name']).toBe(duplicate); // both states that share the name
    expect(fields['states.1.name']).toBe(duplicate);
    expect(errors[fields['inputs.0.width']!]).toBe("Input 'start' width must be a whole number from 1 to 64.");
    expect(Object.keys(fields).sort()).toEqual(['inputs.0.width', 'states.0.name', 'states.1.name']);
    expect(compileFsm(DEFAULT_FSM).fields).toEqual({});
  });

  it('refuses every name the generated code or testbench declares itself', () => {
    // Each was accepted, and the VHDL it gave did not compile in GHDL ("identifier state_type
    // already used for a declaration"; the testbench's process "stimulus"; its severity "error").
    // Each was said to be "a reserved word in Verilog, SystemVerilog or VHDL", which none is.
    for (const name of ['state_type', 'next_state_logic', 'output_logic', 'state_register', 'stimulus', 'dut', 'sim'])
      expect(identifierProblem(name), name).toBe('is a name the generated code or its testbench declares');
    for (const name of ['error', 'ns', 'std_logic', 'rising_edge', 'boolean', 'ieee'])
      expect(identifierProblem(name), name).toBe('is a name VHDL predefines');
    for (const name of ['integer', 'signal', 'logic'])
      expect(identifierProblem(name), name).toBe('is a reserved word in Verilog, SystemVerilog or VHDL');
    const tb = compileFsm({
      ...DEFAULT_FSM,
      states: [...DEFAULT_FSM.states, { ...DEFAULT_FSM.states[0]!, name: 'MY_FSM_tb' }],
    });
    expect(tb.errors).toContain(
      "Duplicate name 'MY_FSM_tb': the testbench 'my_fsm_tb' and state 'MY_FSM_tb' (names are compared without case, as in VHDL).",
    );
    // Every identifier the generators write (not the user's names, keywords, $tasks, `directives,
    // 'attributes or literals such as 4'b0001) is refused as a name, or is the testbench's own.
    for (const example of [SIMPLE_EXAMPLE, COMPLEX_EXAMPLE])
      for (const fsmType of ['moore', 'mealy'] as const)
        for (const encoding of ['binary', 'onehot', 'gray'] as const) {
          const c = { ...example, fsmType, encoding };
          const users = [
            c.moduleName,
            c.clkName,
            c.resetName,
            ...[...c.states, ...c.inputs, ...c.outputs].map((x) => x.name),
          ];
          const own = new Set([...users.map((n) => n.toLowerCase()), `${c.moduleName.toLowerCase()}_tb`]);
          for (const language of ['verilog', 'vhdl'] as const)
            for (const file of [fsmGenerator.generate(c, language), fsmGenerator.testbench(c, language)]) {
              const code = file.text.replace(/--[^\n]*|\/\/[^\n]*|"[^"\n]*"/g, ' ');
              for (const [word] of code.matchAll(/(?<![$`'\w])[A-Za-z][A-Za-z0-9_]*/g))
                if (!own.has(word.toLowerCase())) expect(identifierProblem(word), `${file.name}: ${word}`).not.toBe('');
            }
        }
  });

  it('refuses every keyword of SystemVerilog (IEEE 1800-2017, Annex B)', () => {
    // bins, expect, endprogram (1800-2005), checker, let, global, weak (2009), soft, nettype,
    // interconnect (2012) and others were accepted; the Verilog then failed in iverilog -g2012.
    const keywords =
      `accept_on alias always always_comb always_ff always_latch and assert assign assume automatic before
      begin bind bins binsof bit break buf bufif0 bufif1 byte case casex casez cell chandle checker class clocking cmos
      config const constraint context continue cover covergroup coverpoint cross deassign default defparam design disable
      dist do edge else end endcase endchecker endclass endclocking endconfig endfunction endgenerate endgroup
      endinterface endmodule endpackage endprimitive endprogram endproperty endspecify endsequence endtable endtask enum
      event eventually expect export extends extern final first_match for force foreach forever fork forkjoin function
      generate genvar global highz0 highz1 if iff ifnone ignore_bins illegal_bins implements implies import incdir include
      initial inout input inside instance int integer interconnect interface intersect join join_any join_none large let
      liblist library local localparam logic longint macromodule matches medium modport module nand negedge nettype new
      nexttime nmos nor noshowcancelled not notif0 notif1 null or output package packed parameter pmos posedge primitive
      priority program property protected pull0 pull1 pulldown pullup pulsestyle_ondetect pulsestyle_onevent pure rand
      randc randcase randsequence rcmos real realtime ref reg reject_on release repeat restrict return rnmos rpmos rtran
      rtranif0 rtranif1 s_always s_eventually s_nexttime s_until s_until_with scalared sequence shortint shortreal
      showcancelled signed small soft solve specify specparam static string strong strong0 strong1 struct super supply0
      supply1 sync_accept_on sync_reject_on table tagged task this throughout time timeprecision timeunit tran tranif0
      tranif1 tri tri0 tri1 triand trior trireg type typedef union unique unique0 unsigned until until_with untyped use
      uwire var vectored virtual void wait wait_order wand weak weak0 weak1 while wildcard wire with within wor xnor xor`
        .split(/\s+/)
        .filter(Boolean);
    expect(keywords).toHaveLength(248);
    const accepted = keywords.filter((k) => identifierProblem(k) === '' || identifierProblem(k.toUpperCase()) === '');
    expect(accepted).toEqual([]);
  });

  it('checks values, widths and constants against the widths', () => {
    const c: FsmConfig = {
      ...DEFAULT_FSM,
      inputs: [
        { name: 'count', width: 3, description: '' },
        { name: 'start', width: 0, description: '' },
      ],
      states: DEFAULT_FSM.states.map((s, i) => (i === 1 ? { ...s, outputs: { busy: '2', complete: 'x' } } : s)),
      transitions: [{ from: 'IDLE', to: 'RUN', condition: 'count == 8' }],
    };
    const { errors } = compileFsm(c);
    expect(errors).toContain("Input 'start' width must be a whole number from 1 to 64.");
    expect(errors).toContain("State RUN: value 2 does not fit output 'busy' (1 bit).");
    expect(errors).toContain("State RUN: value 'x' for output 'complete' is not a number (use 5, 0x1F or 0b101).");
    expect(errors).toContain("Transition 1 (IDLE → RUN): 8 can never equal input 'count' (3 bits).");
  });

  it('a constant beyond an input in an ordering comparison is named for what it does, not "can never equal"', () => {
    const errorsFor = (condition: string) =>
      compileFsm({
        ...DEFAULT_FSM,
        inputs: [{ name: 'count', width: 3, description: '' }],
        transitions: [{ from: 'IDLE', to: 'RUN', condition }],
      }).errors;
    const always = (text: string, truth: boolean) =>
      `Transition 1 (IDLE → RUN): '${text}' is always ${truth}: input 'count' (3 bits) is at most 7.`;
    expect(errorsFor('count < 8')).toEqual([always('count < 8', true)]);
    expect(errorsFor('8 > count')).toEqual([always('count < 8', true)]);
    expect(errorsFor('count >= 9')).toEqual([always('count >= 9', false)]);
    expect(errorsFor('count != 8')).toEqual([always('count != 8', true)]);
    expect(errorsFor('count == 8')).toEqual(["Transition 1 (IDLE → RUN): 8 can never equal input 'count' (3 bits)."]);
    // A bit select is one bit of the input: named as that bit (it said "input 'count' (1 bit)").
    expect(errorsFor('count[2] == 2')).toEqual([
      "Transition 1 (IDLE → RUN): 2 can never equal bit 'count[2]' (1 bit).",
    ]);
    expect(errorsFor('2 > count[0]')).toEqual([
      "Transition 1 (IDLE → RUN): 'count[0] < 2' is always true: bit 'count[0]' (1 bit) is at most 1.",
    ]);
  });

  it('warns about unreachable states and transitions hidden behind an always-true one', () => {
    const c: FsmConfig = {
      ...addState(DEFAULT_FSM),
      transitions: [
        { from: 'IDLE', to: 'RUN', condition: '' },
        { from: 'IDLE', to: 'DONE', condition: 'start' },
        { from: 'RUN', to: 'IDLE', condition: 'stop' },
      ],
    };
    const { errors, warnings } = compileFsm(c);
    expect(errors).toEqual([]);
    expect(warnings).toContain(
      'Transition 2 (IDLE → DONE) is never taken: an earlier transition out of IDLE is always true.',
    );
    expect(warnings).toContain('State DONE is unreachable from the reset state IDLE.');
    expect(warnings).toContain('State STATE_3 is unreachable from the reset state IDLE.');
  });

  it('warns about a transition whose condition never holds, or only when an earlier one out of its state does', () => {
    // Until 2026-11-30 only an always-true earlier transition was noticed: these were silent, and
    // the states behind them looked reachable.
    const c: FsmConfig = {
      ...COMPLEX_EXAMPLE,
      transitions: [
        { from: 'IDLE', to: 'REQUEST', condition: 'req' },
        { from: 'IDLE', to: 'FINISH', condition: 'req && !abort' },
        { from: 'REQUEST', to: 'TRANSFER', condition: 'count > 3' },
        { from: 'REQUEST', to: 'IDLE', condition: 'count == 15 || grant && false' },
        { from: 'REQUEST', to: 'IDLE', condition: 'count[3] && !count[3]' },
        { from: 'REQUEST', to: 'IDLE', condition: 'count == 2' },
        { from: 'TRANSFER', to: 'IDLE', condition: '' },
      ],
    };
    const { errors, warnings } = compileFsm(c);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      'Transition 2 (IDLE → FINISH) is never taken: an earlier transition out of IDLE is taken whenever its condition holds.',
      'Transition 4 (REQUEST → IDLE) is never taken: an earlier transition out of REQUEST is taken whenever its condition holds.',
      'Transition 5 (REQUEST → IDLE) is never taken: its condition never holds.',
      'State FINISH is unreachable from the reset state IDLE.',
    ]);
  });
});

describe('FSM model, encodings, emitters, diagram', () => {
  it('steps like the hardware: first true transition wins, Mealy overrides outputs', () => {
    const fsm = compileFsm(COMPLEX_EXAMPLE).fsm!;
    const inputs = { req: 1n, grant: 1n, abort: 1n, count: 15n };
    expect(step(fsm, 'TRANSFER', inputs)).toMatchObject({ next: 'IDLE', outputs: [0n, 0n, 2n] });
    expect(step(fsm, 'TRANSFER', { ...inputs, abort: 0n })).toMatchObject({ next: 'FINISH' });
    expect(step(fsm, 'TRANSFER', { ...inputs, abort: 0n, count: 3n })).toMatchObject({
      next: 'TRANSFER',
      outputs: [0n, 1n, 2n],
    });
    expect(step(fsm, 'IDLE', { req: 0n, grant: 0n, abort: 0n, count: 0n })).toMatchObject({
      next: 'IDLE',
      outputs: [1n, 0n, 0n],
    });
  });

  it('encodes binary (own codes), one-hot and Gray', () => {
    expect([...stateCodes(DEFAULT_FSM).codes.values()]).toEqual(['00', '01', '10']);
    expect([...stateCodes({ ...DEFAULT_FSM, encoding: 'onehot' }).codes.values()]).toEqual(['001', '010', '100']);
    const five = addState(addState(DEFAULT_FSM));
    expect([...stateCodes({ ...five, encoding: 'gray' }).codes.values()]).toEqual(['000', '001', '011', '010', '110']);
    const dup = { ...DEFAULT_FSM, states: DEFAULT_FSM.states.map((s) => ({ ...s, code: '00' })) };
    const codes = stateCodes(dup);
    expect([...codes.codes.values()]).toEqual(['00', '01', '10']);
    expect(codes.note).toMatch(/not distinct/);
  });

  it('numbers states given no codes at all in list order without a warning (the API and CLI examples)', () => {
    // README's POST /api/hdl/fsm example leaves out every code (the schema's default is ''): there
    // is no code of the user's to be "not distinct", so the list order is simply the encoding.
    const bare = { ...DEFAULT_FSM, states: DEFAULT_FSM.states.map((s) => ({ ...s, code: '' })) };
    const codes = stateCodes(bare);
    expect([...codes.codes.values()]).toEqual(['00', '01', '10']);
    expect(codes.note).toBeUndefined();
    expect(compileFsm(bare).warnings).toEqual([]);
    // One code given and the others left out is still a mix the binary encoding cannot use.
    const mixed = { ...bare, states: bare.states.map((s, i) => (i === 0 ? { ...s, code: '11' } : s)) };
    expect(stateCodes(mixed).note).toMatch(/not distinct/);
  });

  it('states the configuration in the header of both languages', () => {
    const fsm = compileFsm(COMPLEX_EXAMPLE).fsm!;
    const v = generateFsmVerilog(fsm);
    const h = generateFsmVhdl(fsm);
    for (const line of [
      'Module:      burst_controller',
      'Encoding:    One-Hot (4 state bits)',
      '5. TRANSFER -> FINISH when count == 15',
      'Reset:       rst (asynchronous, active high) -> IDLE',
    ]) {
      expect(v).toContain(`//   ${line.startsWith('5.') ? '  ' : ''}${line}`);
      expect(h).toContain(`--   ${line.startsWith('5.') ? '  ' : ''}${line}`);
    }
  });

  it('lays out every state and drawable transition', () => {
    const d = layoutDiagram({
      ...COMPLEX_EXAMPLE,
      transitions: [...COMPLEX_EXAMPLE.transitions, { from: 'IDLE', to: 'IDLE', condition: '' }],
    });
    expect(d.nodes).toHaveLength(4);
    expect(d.edges).toHaveLength(7);
    expect(d.nodes.filter((n) => n.reset).map((n) => n.name)).toEqual(['IDLE']);
    expect(d.edges.at(-1)!.path.startsWith('M')).toBe(true);
    expect(d.edges.at(-1)!.label).toBe('1');
  });
});

describe('FSM generator', () => {
  it('names the files after the module, with _tb for testbenches', () => {
    expect(fsmGenerator.generate(DEFAULT_FSM, 'verilog').name).toBe('my_fsm.v');
    expect(fsmGenerator.generate(DEFAULT_FSM, 'vhdl').name).toBe('my_fsm.vhd');
    expect(fsmGenerator.testbench(DEFAULT_FSM, 'verilog').name).toBe('my_fsm_tb.v');
    expect(fsmGenerator.testbench(DEFAULT_FSM, 'vhdl').name).toBe('my_fsm_tb.vhd');
    expect(fsmGenerator.testbench(DEFAULT_FSM, 'verilog').text).toContain('module my_fsm_tb;');
  });

  it('validates with the compile errors and summarises warnings and state codes', () => {
    expect(fsmGenerator.validate(DEFAULT_FSM)).toEqual([]);
    expect(fsmGenerator.validate({ ...DEFAULT_FSM, resetState: 'NOPE' })).toEqual([
      "Reset state 'NOPE' is not one of the states.",
    ]);
    expect(() => fsmGenerator.generate({ ...DEFAULT_FSM, resetState: 'NOPE' }, 'vhdl')).toThrow(
      "Reset state 'NOPE' is not one of the states.",
    );
    const s = fsmGenerator.summary({ ...DEFAULT_FSM, encoding: 'onehot' });
    expect(s.warnings).toEqual([]);
    expect(s.codes?.width).toBe(3);
  });
});
