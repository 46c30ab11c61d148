import { defineConfig } from 'vitest/config';

// The seed of every randomised test (tests/support/seed.ts), chosen once per run so every worker
// and the summary reporter agree: TEST_SEED if set, fixed under CI=true, else fresh.
const CI_SEED = 20261122;
process.env.TEST_SEED ||= String(process.env.CI === 'true' ? CI_SEED : Math.floor(Math.random() * 1_000_000));

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/**/*.test.ts', 'workers/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // expect.poll waits for what a user would wait for (debounces, worker start-up) on a loaded
    // 2-core CI machine; the 1 s default is too short there. Poll is not a timing assertion.
    expect: { poll: { timeout: 15_000, interval: 50 } },
    hookTimeout: 120_000,
    pool: 'forks',
    // Two cores: keep heavy suites (Chromium, GHDL) from starving each other.
    maxWorkers: 2,
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
  },
});
