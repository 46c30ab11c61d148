import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/**/*.test.ts', 'workers/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two cores: keep heavy suites (Chromium, GHDL) from starving each other.
    maxWorkers: 2,
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
  },
});
