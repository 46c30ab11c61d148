import { defineConfig } from 'vitest/config';

// The seed of every randomised test (tests/cases/seed.ts), chosen once per run so every worker
// and the summary reporter agree: TEST_SEED if set, fixed under CI=true, else fresh.
const CI_SEED = 20261122;
process.env.TEST_SEED ||= String(process.env.CI === 'true' ? CI_SEED : Math.floor(Math.random() * 1_000_000));

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 60_000,
    // expect.poll waits for what a user would wait for (debounces, worker start-up) on a loaded
    // 2-core CI machine; the 1 s default is too short there. Poll is not a timing assertion.
    expect: { poll: { timeout: 15_000, interval: 50 } },
    hookTimeout: 120_000,
    pool: 'forks',
    // Two cores: keep heavy suites (Chromium, GHDL) from starving each other.
    maxWorkers: 2,
    reporters: ['default', './tests/harness/summary-reporter.ts'],
    // The four loops (npm run test:<name>; npm test runs them all). Every test file is in one.
    projects: [
      {
        extends: true,
        // Pure logic and WASM kernels in Node: no browser, no simulator, no server process. The
        // inner loop: every test finishes in well under a second on an idle machine; 5 s is the
        // ceiling even beside the other loops, and a test that needs more belongs elsewhere.
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/wasm/**/*.test.ts'],
          testTimeout: 5_000,
        },
      },
      {
        extends: true,
        // The project's tooling: the TypeScript compiler, ESLint and the scaffold over the tree
        // (compile-heavy, seconds per test), kept out of the unit loop.
        test: {
          name: 'tooling',
          include: ['tests/scripts/**/*.test.ts', 'tests/typecheck/**/*.test.ts', 'tests/cli/**/*.test.ts'],
        },
      },
      {
        extends: true,
        // The built server over HTTP, and its store and schemas.
        test: { name: 'server', include: ['tests/server/**/*.test.ts'] },
      },
      {
        extends: true,
        // Generated HDL in Icarus Verilog and GHDL.
        test: { name: 'hdl', include: ['tests/hdl/**/*.test.ts', 'tests/harness/hdl.test.ts'] },
      },
      {
        extends: true,
        // Chromium against the built app: one server and one browser for all files.
        test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], globalSetup: ['tests/harness/e2e-setup.ts'] },
      },
    ],
  },
});
