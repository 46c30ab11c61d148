// System packages the full suite needs, and how to tell whether they are installed.
import { spawnSync } from 'node:child_process';

export const systemTools = [
  { bin: 'chromium', pkg: 'chromium', path: '/usr/bin/chromium', for: 'browser e2e tests and browser benchmarks' },
  { bin: 'iverilog', pkg: 'iverilog', for: 'Verilog simulation of generated HDL' },
  { bin: 'ghdl', pkg: 'ghdl', for: 'VHDL simulation and synthesis of generated HDL' },
  { bin: 'yosys', pkg: 'yosys', for: 'synthesis checks of generated HDL' },
  { bin: 'gcc', pkg: 'gcc', for: 'compiling the generated C CRCs' },
  { bin: 'rustc', pkg: 'rustc', for: 'compiling the generated Rust CRCs' },
  { bin: 'clippy-driver', pkg: 'rust-clippy', for: 'linting the generated Rust CRCs' },
  { bin: 'rustfmt', pkg: 'rustfmt', for: 'checking the layout of the generated Rust CRCs' },
  { bin: 'python3', pkg: 'python3', for: 'running the generated Python CRCs' },
  { bin: 'jq', pkg: 'jq', for: "the bitsmith test showing jq's rounding, and the CLI benchmark's peer" },
];

export function hasTool(bin) {
  return spawnSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' }).status === 0;
}

/** The missing ones among `bins` (default: every tool the full suite needs). */
export function missingSystemTools(bins = systemTools.map((t) => t.bin)) {
  return systemTools.filter((t) => bins.includes(t.bin) && !hasTool(t.bin));
}

export function installHint(tools) {
  return `sudo apt-get update && sudo apt-get install -y ${tools.map((t) => t.pkg).join(' ')}`;
}
