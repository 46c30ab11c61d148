/**
 * The software languages over HTTP against the built server: POST /api/hdl/crc answers the same
 * files as the generator called directly (C: header and source, named after the algorithm),
 * refuses a testbench and widths above 64 with a 422 naming the field, and POST /api/generate
 * still takes only Verilog and VHDL, as the spec says.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../harness/server';
import { paramsOf, predefinedAlgorithms } from '../../src/core/crc/catalogue';
import { generateSoftware, SOFTWARE_LANGUAGES } from '../../src/core/crc/software';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const post = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

it('POST /api/hdl/crc answers each software language with the generator’s files', async () => {
  const a = predefinedAlgorithms().find((x) => x.name === 'CRC-16/MODBUS')!;
  for (const language of SOFTWARE_LANGUAGES) {
    const r = await post('/api/hdl/crc', { algorithm: 'crc-16 modbus', language });
    expect(r.status).toBe(200);
    const { files, summary } = (await r.json()) as { files: unknown[]; summary: { check: string } };
    expect(files).toEqual(generateSoftware({ params: paramsOf(a), name: a.name }, language));
    expect(summary.check).toBe(a.check);
  }
  const c = (await (await post('/api/hdl/crc', { poly: '0x07', width: 8, language: 'c' })).json()) as {
    files: { name: string }[];
  };
  expect(c.files.map((f) => f.name)).toEqual(['crc8_custom_07.h', 'crc8_custom_07.c']);
});

it('refuses a testbench and widths above 64 for software, and POST /api/generate stays Verilog/VHDL', async () => {
  const tb = await post('/api/hdl/crc', { algorithm: 'CRC-32C', language: 'rust', testbench: true });
  expect(tb.status).toBe(422);
  expect(((await tb.json()) as { details: { path: string }[] }).details.map((d) => d.path)).toEqual(['testbench']);
  const wide = await post('/api/hdl/crc', { poly: '0x1', width: 65, language: 'python' });
  expect(wide.status).toBe(422);
  expect(((await wide.json()) as { details: { path: string }[] }).details.map((d) => d.path)).toEqual(['width']);
  const poly = Array.from({ length: 68 }, (_, i) => Number(i === 0 || i === 1 || i === 2 || i === 8));
  const spec = await post('/api/generate', { poly, data_width: 8, language: 'c' });
  expect(spec.status).toBe(422);
});

it('refuses the hardware options with a software language, each by name, rather than ignoring them', async () => {
  const r = await post('/api/hdl/crc', {
    algorithm: 'CRC-16/ARC',
    language: 'c',
    dataWidth: 32,
    pipelineStages: 2,
    partialLastWord: true,
  });
  expect(r.status).toBe(422);
  expect(((await r.json()) as { details: unknown[] }).details).toEqual([
    { path: 'dataWidth', message: 'Data width applies to Verilog and VHDL only.' },
    { path: 'partialLastWord', message: 'Partial last word applies to Verilog and VHDL only.' },
    { path: 'pipelineStages', message: 'Pipeline stages applies to Verilog and VHDL only.' },
  ]);
  // The same options with Verilog are the design's.
  expect((await post('/api/hdl/crc', { algorithm: 'CRC-16/ARC', language: 'verilog', dataWidth: 32 })).status).toBe(
    200,
  );
});
