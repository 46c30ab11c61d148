/**
 * Gating of suites on system packages (chromium, iverilog, ghdl, yosys). Under CI=true a missing tool
 * fails the suite; elsewhere the suite is skipped with a message saying what to install.
 */
import { describe } from 'vitest';
// @ts-expect-error plain ESM helper shared with scripts/test.mjs
import { hasTool, installHint } from '../../scripts/system-tools.mjs';

const warned = new Set<string>();

export type SystemTool =
  'chromium' | 'iverilog' | 'ghdl' | 'yosys' | 'gcc' | 'rustc' | 'clippy-driver' | 'rustfmt' | 'python3';

export function toolAvailable(bin: SystemTool): boolean {
  const ok = hasTool(bin) as boolean;
  if (!ok && process.env.CI === 'true') {
    throw new Error(`${bin} is required (CI=true). Install it: ${installHint([{ pkg: bin }])}`);
  }
  if (!ok && !warned.has(bin)) {
    warned.add(bin);
    console.warn(`SKIPPED: ${bin} is not installed. Install it with: ${installHint([{ pkg: bin }])}`);
  }
  return ok;
}

/** `describe` that runs only when every named tool is installed (see toolAvailable). */
export function describeWith(bins: SystemTool[], name: string, fn: () => void): void {
  const ok = bins.every((b) => toolAvailable(b));
  (ok ? describe : describe.skip)(ok ? name : `${name} [skipped: install ${bins.join(', ')}]`, fn);
}
