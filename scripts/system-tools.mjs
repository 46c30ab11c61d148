// System packages the full suite needs, and how to tell whether they are installed.
import { spawnSync } from 'node:child_process';

export const systemTools = [
  { bin: 'chromium', pkg: 'chromium', path: '/usr/bin/chromium', for: 'browser e2e tests and browser benchmarks' },
  { bin: 'iverilog', pkg: 'iverilog', for: 'Verilog simulation of generated HDL' },
  { bin: 'ghdl', pkg: 'ghdl', for: 'VHDL simulation of generated HDL' },
];

export function hasTool(bin) {
  return spawnSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' }).status === 0;
}

export function missingSystemTools() {
  return systemTools.filter((t) => !hasTool(t.bin));
}

export function installHint(tools) {
  return `sudo apt-get update && sudo apt-get install -y ${tools.map((t) => t.pkg).join(' ')}`;
}
