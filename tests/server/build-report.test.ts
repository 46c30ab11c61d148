// What the build sends (issue 14): the first visit stays under 100 KB of gzipped JavaScript with
// the palette and themes in, and the data tools' pages load their libraries on demand (the e2e
// test data-libraries.e2e.test.ts checks that the JSON formatter never downloads them).
// Read from dist/build-report.json, which the build writes from its chunk graph.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BuildReport } from '../../scripts/delivery-plugin';

const report = JSON.parse(readFileSync('dist/build-report.json', 'utf8')) as BuildReport;

describe('build report', () => {
  it('keeps the first load under 100 KB of gzipped JavaScript', () => {
    expect(report.initialJsGzip).toBeGreaterThan(10_000); // the report measured something
    expect(report.initialJsGzip).toBeLessThanOrEqual(100 * 1024);
  });

  it.each(['json-formatter', 'json-yaml', 'csv-json'])(
    'the %s page loads no conversion library with itself (each family loads on demand)',
    (tool) => {
      const page = report.tools[tool];
      expect(page, tool).toBeDefined();
      expect(page!.packages).not.toContain('yaml');
      expect(page!.packages).not.toContain('papaparse');
    },
  );
});
