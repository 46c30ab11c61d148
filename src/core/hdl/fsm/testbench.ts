/**
 * Self-checking FSM testbenches: a random input sequence (biased towards the constants the
 * conditions compare with, with resets at the start and in the middle) is run through the
 * TypeScript reference model (design.ts `step`); the testbench applies each cycle's inputs after
 * the falling clock edge and checks every output 1 ns later against the model, in both languages.
 * This file holds the shared sequence and header; testbench-verilog.ts and testbench-vhdl.ts emit.
 */
import { GENERATOR_LINE, headerComment } from '../comment';
import type { HdlLanguage } from '../contract';
import { randomInt, seededRandom } from '../../random';
import { comparedConstants } from './condition';
import { step, type CompiledFsm } from './design';

export interface FsmCycle {
  reset: boolean;
  /** One value per input of the config, in its order. */
  inputs: bigint[];
  /** Expected outputs during the cycle (after the inputs settle), one per output of the config. */
  outputs: bigint[];
  /** State during the cycle. */
  state: string;
}

export interface FsmTestbenchOptions {
  cycles?: number;
  seed?: number;
}

function randomBits(rand: () => number, width: number): bigint {
  let v = 0n;
  for (let b = 0; b < width; b += 16) v = (v << 16n) | BigInt(randomInt(rand, 1 << 16));
  return v & ((1n << BigInt(width)) - 1n);
}

/** Interesting values per input: compared constants and their neighbours. */
function hints(fsm: CompiledFsm): Map<string, bigint[]> {
  const map = new Map<string, bigint[]>();
  for (const list of fsm.transitionsFrom.values()) {
    for (const t of list) {
      for (const { signal, value } of comparedConstants(t.cond)) {
        if (signal.bit !== undefined) continue;
        const width = fsm.inputWidths[signal.name];
        if (width === undefined) continue; // compile() reports conditions on unknown inputs
        const max = (1n << BigInt(width)) - 1n;
        const values = [value - 1n, value, value + 1n].filter((v) => v >= 0n && v <= max);
        map.set(signal.name, [...(map.get(signal.name) ?? []), ...values]);
      }
    }
  }
  return map;
}

/** The stimulus and the model's expected outputs, cycle by cycle. */
export function fsmTestSequence(fsm: CompiledFsm, o: FsmTestbenchOptions = {}): FsmCycle[] {
  const rand = seededRandom(o.seed ?? 1);
  const cycles = o.cycles ?? 120;
  const special = hints(fsm);
  const midReset = 2 + randomInt(rand, Math.max(1, cycles - 4));
  const c = fsm.config;
  const seq: FsmCycle[] = [];
  let state = c.resetState;
  for (let i = 0; i < cycles; i++) {
    const reset = i < 2 || i === midReset;
    const inputs = c.inputs.map((s) => {
      const options = special.get(s.name);
      if (options && rand() < 0.5) {
        const hint = options[randomInt(rand, options.length)];
        if (hint !== undefined) return hint;
      }
      return s.width === 1 ? BigInt(rand() < 0.5 ? 0 : 1) : randomBits(rand, s.width);
    });
    const values = Object.fromEntries(c.inputs.map((s, k) => [s.name, inputs[k]!]));
    if (reset) state = c.resetState; // asynchronous reset: the state changes at once
    const r = step(fsm, state, values);
    seq.push({ reset, inputs, outputs: r.outputs, state });
    state = reset ? c.resetState : r.next;
  }
  return seq;
}

export function tbHeader(language: HdlLanguage, fsm: CompiledFsm, cycles: number): string {
  return headerComment(language, [
    `Self-checking testbench for ${fsm.config.moduleName}: ${cycles} cycles of inputs checked against a reference model`,
    GENERATOR_LINE,
    'Each cycle: inputs change after the falling clock edge, outputs are checked 1 ns later. Prints PASS or FAIL.',
  ]);
}
