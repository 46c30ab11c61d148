/**
 * POST /api/hdl/crc|uart|fifo|fsm over HTTP against the real built server: files byte-identical to
 * the generators called directly and to the built bitsmith command, both languages, testbench on
 * and off; a 422 naming the field for every field; unknown fields, oversized and malformed bodies;
 * the pool's 503 and the shared rate limit; and one design per generator from the API simulated in
 * Icarus Verilog (and the FSM in GHDL).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../harness/server';
import { simulateVerilog, simulateVhdl } from '../harness/hdl';
import { testRandom } from '../cases/seed';
import { fuzzCrcConfig } from '../cases/crc-cases';
import { randomUartConfig } from '../cases/uart-cases';
import { fuzzFifoConfig } from '../cases/fifo-cases';
import { randomFsmConfig } from '../cases/fsm-cases';
import { loadKernel } from '../../server/wasm';
import { paramsOf } from '../../src/core/crc/catalogue';
import { hex, type CrcParams } from '../../src/core/crc/params';
import type { CrcKernel } from '../../src/core/crc/kernel';
import { HDL_LANGUAGES, type HdlFile, type HdlLanguage } from '../../src/core/hdl/contract';
import { configFiles } from '../../src/core/hdl/files';
import { findCatalogueAlgorithm } from '../../src/core/hdl/crc/algorithm';
import { createCrcGenerator, type CrcConfig, type CrcGenerator } from '../../src/core/hdl/crc';
import { DEFAULT_UART, uartGenerator } from '../../src/core/hdl/uart';
import { DEFAULT_FIFO_CONFIG, fifoGenerator } from '../../src/core/hdl/fifo';
import { updateConfig } from '../../src/tools/fifo/logic';
import { COMPLEX_EXAMPLE, DEFAULT_FSM, SIMPLE_EXAMPLE, fsmGenerator } from '../../src/core/hdl/fsm';

const root = join(import.meta.dirname, '../..');
const rand = testRandom(27);

let server: RunningServer;
let crc: CrcGenerator;
beforeAll(async () => {
  server = await startServer();
  crc = createCrcGenerator(await loadKernel<CrcKernel>('crc'));
});
afterAll(async () => {
  await server?.stop();
});

type Body = Record<string, unknown>;
interface Answer {
  files: HdlFile[];
  summary: Record<string, unknown>;
}
interface Refusal {
  error: string;
  details: { path: string; message: string }[];
}

const post = (generator: string, body: Body | string, url = server.url) =>
  fetch(`${url}/api/hdl/${generator}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function files(generator: string, body: Body): Promise<Answer> {
  const r = await post(generator, body);
  const answer = await r.json();
  expect(r.status, JSON.stringify(answer)).toBe(200);
  return answer as Answer;
}

async function refused(generator: string, body: Body): Promise<Refusal> {
  const r = await post(generator, body);
  expect(r.status).toBe(422);
  return (await r.json()) as Refusal;
}

/** The API body of a CRC configuration given by its parameters. */
function crcBody({ params, dataWidth, partialLastWord, pipelineStages }: CrcConfig): Body {
  const { width, poly, init, xorout, refin, refout } = params;
  return {
    width,
    poly: hex(poly, width),
    init: hex(init, width),
    xorout: hex(xorout, width),
    refin,
    refout,
    dataWidth,
    partialLastWord: partialLastWord ?? false,
    pipelineStages: pipelineStages ?? 0,
  };
}

const catalogue = (name: string): CrcParams => paramsOf(findCatalogueAlgorithm(name)!);

/** Configurations of each generator (a fixed one and seeded draws) with the body that asks for it. */
function cases(): { generator: string; config: unknown; body: Body }[] {
  const fixedCrc: CrcConfig = { params: catalogue('CRC-32/ISO-HDLC'), dataWidth: 64 };
  const streamCrc: CrcConfig = {
    params: catalogue('CRC-16/ARC'),
    dataWidth: 32,
    partialLastWord: true,
    pipelineStages: 2,
  };
  const drawnCrc = fuzzCrcConfig(rand, 1024);
  const uart = randomUartConfig(rand);
  const fifo = fuzzFifoConfig(rand, { maxMemoryBits: 1 << 14, maxEccDataWidth: 64 });
  const fsm = randomFsmConfig(rand, 0);
  return [
    { generator: 'crc', config: fixedCrc, body: { algorithm: 'crc-32 iso hdlc', dataWidth: 64 } },
    { generator: 'crc', config: streamCrc, body: crcBody(streamCrc) },
    { generator: 'crc', config: drawnCrc, body: crcBody(drawnCrc) },
    { generator: 'uart', config: DEFAULT_UART, body: {} },
    { generator: 'uart', config: uart, body: { ...uart } },
    { generator: 'fifo', config: DEFAULT_FIFO_CONFIG, body: {} },
    { generator: 'fifo', config: fifo, body: { ...fifo } },
    { generator: 'fsm', config: DEFAULT_FSM, body: {} },
    { generator: 'fsm', config: COMPLEX_EXAMPLE, body: { ...COMPLEX_EXAMPLE } },
    { generator: 'fsm', config: fsm, body: { ...fsm } },
  ];
}

/** The files the generator itself gives (the pages call the same generate() and testbench()). */
function direct(generator: string, config: unknown, language: HdlLanguage, testbench: boolean): HdlFile[] {
  const o = { language, testbench };
  if (generator === 'crc') return configFiles(crc, config as CrcConfig, o);
  if (generator === 'uart') return configFiles(uartGenerator, config as typeof DEFAULT_UART, o);
  if (generator === 'fifo') return configFiles(fifoGenerator, config as typeof DEFAULT_FIFO_CONFIG, o);
  return configFiles(fsmGenerator, config as typeof DEFAULT_FSM, o);
}

describe('POST /api/hdl/*: the files', () => {
  it('answers the design, and with testbench: true its testbench, byte-identical to the generator in both languages', async () => {
    for (const { generator, config, body } of cases()) {
      for (const language of HDL_LANGUAGES) {
        for (const testbench of [false, true]) {
          const answer = await files(generator, { ...body, language, testbench });
          const label = `${generator} ${language} testbench=${testbench} ${JSON.stringify(body).slice(0, 200)}`;
          expect(answer.files, label).toEqual(direct(generator, config, language, testbench));
        }
      }
    }
  });

  it('defaults to Verilog without a testbench', async () => {
    const answer = await files('uart', {});
    expect(answer.files.map((f) => f.name)).toEqual(['uart_module.v']);
  });

  it('answers the summary the page shows', async () => {
    const crcAnswer = await files('crc', { algorithm: 'CRC-32/ISO-HDLC', dataWidth: 8 });
    expect(crcAnswer.summary.check).toBe('0xcbf43926');
    const stream = await files('crc', { algorithm: 'CRC-16/ARC', dataWidth: 32, pipelineStages: 2 });
    expect(stream.summary).toMatchObject({ check: '0xbb3d', stream: { latency: 2 } });
    const uart = await files('uart', { baudRate: 115200, clockFreq: 50_000_000 });
    expect(uart.summary).toMatchObject({ baudCounter: 27, frameBits: 10, errorFlagged: false });
    const fifo = await files('fifo', { dataWidth: 32, fifoDepth: 100 });
    expect(fifo.summary).toMatchObject({ thresholds: { almostFull: 80, almostEmpty: 20 } });
    expect((fifo.summary.notes as string[])[0]).toMatch(/Depth 100 is not a power of two/);
    const fsm = await files('fsm', { ...SIMPLE_EXAMPLE, encoding: 'gray' });
    expect(fsm.summary).toEqual({ warnings: [], codes: { width: 2, codes: { RED: '00', GREEN: '01', YELLOW: '11' } } });
  });

  it('gives the bytes the bitsmith command writes for the same configuration', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bitsmith-hdl-api-'));
    const bitsmith = (...args: string[]) =>
      execFileSync(process.execPath, [join(root, 'dist/cli/bitsmith.cjs'), ...args]);
    const written = (out: string, answer: Answer) =>
      answer.files.map((f) => ({ name: f.name, text: readFileSync(join(out, f.name), 'utf8') }));
    try {
      const crcArgs = ['--data-width', '32', '--partial-last-word', '--pipeline-stages', '2', '--testbench'];
      bitsmith('crc', 'generate', '--algorithm', 'CRC-16/ARC', ...crcArgs, '--language', 'vhdl', '-o', `${dir}/crc/`);
      const crcBodyArgs = { algorithm: 'CRC-16/ARC', dataWidth: 32, partialLastWord: true, pipelineStages: 2 };
      const crcAnswer = await files('crc', { ...crcBodyArgs, language: 'vhdl', testbench: true });
      expect(written(`${dir}/crc`, crcAnswer)).toEqual(crcAnswer.files);

      const configs = {
        uart: { baudRate: 115200, parity: 'odd' },
        fifo: { dataWidth: 24, fifoDepth: 48 },
        fsm: COMPLEX_EXAMPLE,
      };
      for (const [generator, config] of Object.entries(configs)) {
        writeFileSync(join(dir, `${generator}.json`), JSON.stringify(config));
        const out = join(dir, generator);
        bitsmith(
          generator,
          'generate',
          '--config',
          join(dir, `${generator}.json`),
          '--language',
          'vhdl',
          '--testbench',
          '-o',
          out,
        );
        const answer = await files(generator, { ...config, language: 'vhdl', testbench: true });
        expect(answer.files).toHaveLength(2);
        expect(written(out, answer), generator).toEqual(answer.files);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('POST /api/hdl/fifo: a partial configuration is the page after those changes', () => {
  it("writeMode or enablePacketMode alone moves the other with it, as the page's select and checkbox do", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bitsmith-fifo-partial-'));
    try {
      for (const [field, value] of [
        ['writeMode', 'packet'],
        ['enablePacketMode', true],
        ['writeMode', 'standard'],
        ['enablePacketMode', false],
      ] as const) {
        const page = updateConfig(DEFAULT_FIFO_CONFIG, field, value);
        const expected = configFiles(fifoGenerator, page, { language: 'vhdl', testbench: true });
        const label = `${field}: ${value}`;
        expect((await files('fifo', { [field]: value, language: 'vhdl', testbench: true })).files, label).toEqual(
          expected,
        );
        // The bitsmith command reads a file with the same schema.
        const path = join(dir, `${field}-${value}.json`);
        writeFileSync(path, JSON.stringify({ [field]: value }));
        const design = execFileSync(process.execPath, [
          join(root, 'dist/cli/bitsmith.cjs'),
          ...['fifo', 'generate', '--config', path, '--language', 'vhdl'],
        ]).toString();
        expect(design, label).toBe(expected[0]!.text);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('both given and different is still refused, naming enablePacketMode', async () => {
    for (const body of [
      { writeMode: 'packet', enablePacketMode: false },
      { writeMode: 'standard', enablePacketMode: true },
    ])
      expect((await refused('fifo', body)).details, JSON.stringify(body)).toEqual([
        { path: 'enablePacketMode', message: 'Write mode "packet" and packet mode must be chosen together' },
      ]);
  });
});

describe('POST /api/hdl/*: refusals', () => {
  /** Per generator: a body with one bad field -> the path the 422 must name. */
  const BAD_FIELDS: Record<string, [Body, string][]> = {
    crc: [
      [{ algorithm: 'CRC-99/NOPE' }, 'algorithm'],
      [{ algorithm: 'CRC-32/ISO-HDLC', init: '0x1' }, 'init'],
      [{ width: 0, poly: '0x7' }, 'width'],
      [{ width: 8 }, 'poly'],
      [{ poly: '0x07' }, 'width'],
      [{ width: 8, poly: 'xyz' }, 'poly'],
      [{ width: 8, poly: '0x1ff' }, 'poly'],
      [{ poly: [1, 1] }, 'poly'],
      [{ width: 8, poly: '0x07', init: '0x100' }, 'init'],
      [{ width: 8, poly: '0x07', xorout: 'zz' }, 'xorout'],
      [{ width: 8, poly: '0x07', refin: 'yes' }, 'refin'],
      [{ width: 8, poly: '0x07', refout: 1 }, 'refout'],
      [{ algorithm: 'CRC-8/SMBUS', dataWidth: 2048 }, 'dataWidth'],
      [{ algorithm: 'CRC-8/SMBUS', dataWidth: 12, partialLastWord: true }, 'partialLastWord'],
      [{ algorithm: 'CRC-8/SMBUS', pipelineStages: 4 }, 'pipelineStages'],
      [{ algorithm: 'CRC-8/SMBUS', language: 'cobol' }, 'language'],
      [{ algorithm: 'CRC-8/SMBUS', testbench: 'no' }, 'testbench'],
    ],
    uart: [
      [{ baudRate: 1234 }, 'baudRate'],
      [{ dataBits: 10 }, 'dataBits'],
      [{ stopBits: 3 }, 'stopBits'],
      [{ parity: 'mark' }, 'parity'],
      [{ clockFreq: 999 }, 'clockFreq'],
      [{ baudRate: 921600, clockFreq: 1_000_000, oversampling: 32 }, 'clockFreq'],
      [{ fifoDepth: 0 }, 'fifoDepth'],
      [{ oversampling: 4 }, 'oversampling'],
      [{ language: 'VHDL' }, 'language'],
      [{ testbench: 1 }, 'testbench'],
    ],
    fifo: [
      [{ dataWidth: 0 }, 'dataWidth'],
      [{ fifoDepth: 1 }, 'fifoDepth'],
      [{ memoryType: 'flash' }, 'memoryType'],
      [{ clockingMode: 'mesochronous' }, 'clockingMode'],
      [{ readMode: 'peek' }, 'readMode'],
      // writeMode or enablePacketMode alone sets the other (the page's rule): a mismatch needs both.
      [{ writeMode: 'packet', enablePacketMode: false }, 'enablePacketMode'],
      [{ writeMode: 'burst' }, 'writeMode'],
      [{ almostFullThreshold: 99 }, 'almostFullThreshold'],
      [{ almostEmptyThreshold: 2.5 }, 'almostEmptyThreshold'],
      [{ outputRegister: 'true' }, 'outputRegister'],
      [{ resetType: 'none' }, 'resetType'],
      [{ enableECC: null }, 'enableECC'],
      [{ writeMode: 'standard', enablePacketMode: true }, 'enablePacketMode'],
      [{ enablePacketMode: 'yes' }, 'enablePacketMode'],
      [{ language: 'systemverilog' }, 'language'],
      [{ testbench: 'yes' }, 'testbench'],
    ],
    fsm: [
      [{ moduleName: 'module' }, 'moduleName'],
      [{ fsmType: 'harel' }, 'fsmType'],
      [{ encoding: 'johnson' }, 'encoding'],
      [{ resetState: 'NOWHERE' }, 'resetState'],
      [{ clkName: '' }, 'clkName'],
      [{ inputs: [DEFAULT_FSM.inputs[0], { ...DEFAULT_FSM.inputs[1], name: '' }] }, 'inputs.1.name'],
      [{ resetName: '9reset' }, 'resetName'],
      [{ states: [] }, 'states'],
      [{ states: [...DEFAULT_FSM.states.slice(0, 2), { name: 'idle' }] }, 'states.2.name'],
      [
        {
          states: [
            DEFAULT_FSM.states[0],
            { ...DEFAULT_FSM.states[1], outputs: { busy: 'lots' } },
            DEFAULT_FSM.states[2],
          ],
        },
        'states.1.outputs.busy',
      ],
      [{ inputs: [{ name: 'start', width: 65 }, DEFAULT_FSM.inputs[1]] }, 'inputs.0.width'],
      [{ inputs: [DEFAULT_FSM.inputs[0], { name: 'stop wait', width: 1 }] }, 'inputs.1.name'],
      [
        { outputs: [DEFAULT_FSM.outputs[0], { name: 'complete', width: 1 }, { name: 'start', width: 1 }] },
        'outputs.2.name',
      ],
      [{ transitions: [{ from: 'IDLE', to: 'SOMEWHERE', condition: 'start' }] }, 'transitions.0.to'],
      [{ transitions: [{ from: 'NOWHERE', to: 'RUN', condition: 'start' }] }, 'transitions.0.from'],
      [{ transitions: [{ from: 'IDLE', to: 'RUN', condition: 'start &&' }] }, 'transitions.0.condition'],
      [{ transitions: [{ from: 'IDLE', to: 'RUN', condition: 'go' }] }, 'transitions.0.condition'],
      [
        { fsmType: 'mealy', transitions: [{ from: 'IDLE', to: 'RUN', condition: 'start', outputs: { busy: '2' } }] },
        'transitions.0.outputs.busy',
      ],
      [{ numStates: -1 }, 'numStates'],
      [{ language: 'python' }, 'language'],
      [{ testbench: [] }, 'testbench'],
    ],
  };

  it.each(Object.entries(BAD_FIELDS))(
    '%s: a bad value of each field is a 422 naming the field',
    async (generator, table) => {
      for (const [body, path] of table) {
        const answer = await refused(generator, body);
        const label = `${generator} ${JSON.stringify(body).slice(0, 160)}`;
        expect(
          answer.details.map((d) => d.path),
          label,
        ).toContain(path);
        expect(answer.error, label).toMatch(/^Invalid configuration: /);
      }
    },
  );

  it('names several problems on one line, each sentence\'s full stop dropped before "; " (it read ".;")', async () => {
    const answer = await refused('uart', { clockFreq: 1, fifoDepth: 0 });
    const [clock, depth] = answer.details.map((d) => d.message);
    expect(clock).toMatch(/\.$/); // the page's sentence, whole, in details
    expect(answer.error).toBe(`Invalid configuration: clockFreq: ${clock!.slice(0, -1)}; fifoDepth: ${depth}`);
  });

  it('says a number sent as text is text, where "9600" was told the list of rates that holds 9600', async () => {
    const answer = await refused('uart', { baudRate: '9600', stopBits: '2' });
    expect(answer.details).toEqual([
      {
        path: 'baudRate',
        message:
          'Baud rate must be one of 2400, 9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600: "9600" is text; give the number 9600.',
      },
      { path: 'stopBits', message: 'Stop bits must be 1 or 2: "2" is text; give the number 2.' },
    ]);
    // Text that is no allowed number keeps the page's sentence alone.
    expect((await refused('uart', { baudRate: '1234' })).details[0]!.message).toBe(
      'Baud rate must be one of 2400, 9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600.',
    );
  });

  it('says so for the CRC and FSM numbers too (dataWidth "16" was told only the range, which holds 16)', async () => {
    const crc = await refused('crc', { algorithm: 'CRC-32/ISO-HDLC', dataWidth: '16', pipelineStages: '1' });
    expect(crc.details).toEqual([
      {
        path: 'dataWidth',
        message: 'Data width must be a whole number from 1 to 1024: "16" is text; give the number 16.',
      },
      {
        path: 'pipelineStages',
        message: expect.stringMatching(/^Pipeline stages must be .+: "1" is text; give the number 1\.$/),
      },
    ]);
    expect((await refused('crc', { width: '8', poly: '0x07' })).details[0]!.message).toMatch(
      /: "8" is text; give the number 8\.$/,
    );
    // Text of a number the field does not take keeps the range alone.
    expect((await refused('crc', { algorithm: 'CRC-32/ISO-HDLC', dataWidth: '5000' })).details[0]!.message).toBe(
      'Data width must be a whole number from 1 to 1024.',
    );
    const fsm = await refused('fsm', { inputs: [{ name: 'go', width: '2' }] });
    expect(fsm.details[0]!.message).toMatch(
      /^Input 1 width must be a whole number from 1 to \d+: "2" is text; give the number 2\.$/,
    );
  });

  it('says so for the FIFO numbers too ("80" was told "Almost full threshold must be a number")', async () => {
    const fifo = await refused('fifo', { dataWidth: '16', almostFullThreshold: '80', almostEmptyThreshold: '3' });
    expect(fifo.details).toEqual([
      {
        path: 'dataWidth',
        message: 'Data width must be a whole number from 1 to 1024 bits ("16" is text; give the number 16)',
      },
      {
        path: 'almostFullThreshold',
        message: 'Almost full threshold must be between 50 and 95 percent: "80" is text; give the number 80.',
      },
      // Text of a number out of range keeps the range alone, as above.
      { path: 'almostEmptyThreshold', message: 'Almost empty threshold must be between 5 and 50 percent' },
    ]);
  });

  it("reads the UART's clock and FIFO depth as text the page's boxes take, as bitsmith --config reads the same JSON", async () => {
    // It answered '50,000,000' with "Clock frequency must be a whole number of Hz between 1,000,000 and 200,000,000."
    const typed = await files('uart', { clockFreq: '50,000,000', fifoDepth: ' 64 ' });
    expect(typed).toEqual(await files('uart', { clockFreq: 50_000_000, fifoDepth: 64 }));
    expect(await files('uart', { clockFreq: '1.8432e6' })).toEqual(await files('uart', { clockFreq: 1_843_200 }));
    expect((await refused('uart', { clockFreq: 'fast' })).details).toEqual([
      { path: 'clockFreq', message: 'Clock frequency must be a whole number of Hz between 1,000,000 and 200,000,000.' },
    ]);
  });

  it("answers the page's sentences where the page has one", async () => {
    expect((await refused('uart', { baudRate: 1234 })).details).toEqual([
      {
        path: 'baudRate',
        message: 'Baud rate must be one of 2400, 9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600.',
      },
    ]);
    expect((await refused('fifo', { fifoDepth: 1 })).details[0]!.message).toBe(
      'FIFO depth must be a whole number from 2 to 131072 words (1 is too small)',
    );
    expect((await refused('crc', { width: 8, poly: '0x07', init: '0x100' })).details[0]!.message).toBe(
      'Init does not fit in 8 bits (the CRC width).',
    );
    expect((await refused('crc', { width: 32, poly: '0x104C11DB7' })).details[0]!.message).toBe(
      'Polynomial does not fit in 32 bits (the CRC width): without its x^32 term it is 0x04c11db7.',
    );
    // The CRC's numbers too (they said zod's "Too big: expected number to be <=1024").
    const dataWidth = 'Data width must be a whole number from 1 to 1024.';
    const width = 'CRC width must be a whole number from 1 to 67.';
    const stages = 'Pipeline stages must be a whole number from 0 to 3.';
    const crcFields: [Body, string, string][] = [
      [{ algorithm: 'CRC-32C', dataWidth: 2048 }, 'dataWidth', dataWidth],
      [{ algorithm: 'CRC-32C', dataWidth: 8.5 }, 'dataWidth', dataWidth],
      [
        { algorithm: 'CRC-32C', dataWidth: '8' },
        'dataWidth',
        `${dataWidth.slice(0, -1)}: "8" is text; give the number 8.`,
      ],
      [{ algorithm: 'CRC-32C', dataWidth: 'eight' }, 'dataWidth', dataWidth],
      [{ width: 0, poly: '0x7' }, 'width', width],
      [{ width: 68, poly: '0x7' }, 'width', width],
      [{ algorithm: 'CRC-32C', pipelineStages: 4 }, 'pipelineStages', stages],
      [{ algorithm: 'CRC-32C', pipelineStages: -1 }, 'pipelineStages', stages],
      // As POST /api/generate says it (it was "Too big: expected string to have <=40 characters").
      [{ width: 16, poly: '0x1021', init: 'f'.repeat(41) }, 'init', 'Init must be at most 40 characters.'],
      // The page's sentence (it was "must be a hexadecimal number such as 0xFFFF").
      [{ width: 16, poly: '0x1021', xorout: 'ffff!' }, 'xorout', 'XorOut must be a hexadecimal value such as 0xFFFF.'],
      [{ width: 16, poly: 'x^16' }, 'poly', 'Polynomial must be a hexadecimal value such as 0xFFFF.'],
      [{ algorithm: 'x'.repeat(101) }, 'algorithm', 'Algorithm must be at most 100 characters.'],
    ];
    for (const [body, path, message] of crcFields)
      expect((await refused('crc', body)).details, JSON.stringify(body)).toEqual([{ path, message }]);
  });

  it("words every refusal as a sentence naming the field and what it takes, never in zod's words", async () => {
    // They said "Invalid input: expected string, received undefined" (a transition without to) and
    // "Invalid option: expected one of "verilog"|"vhdl"".
    expect((await refused('fsm', { transitions: [{ from: 'IDLE', condition: 'start' }] })).details).toEqual([
      { path: 'transitions.0.to', message: 'Transition 1 to state is required (text)' },
    ]);
    expect((await refused('uart', { language: 'verilog2005' })).details).toEqual([
      { path: 'language', message: 'Language must be verilog or vhdl' },
    ]);
    expect((await refused('fsm', { fsmType: 'Moore', testbench: 'yes' })).details).toEqual([
      { path: 'fsmType', message: 'FSM type must be moore or mealy' },
      { path: 'testbench', message: 'Testbench must be true or false' },
    ]);
    expect((await refused('fsm', { states: [{ name: 'IDLE', outputs: { busy: true } }, 'RUN'] })).details).toEqual([
      { path: 'states.0.outputs.busy', message: 'State 1 outputs busy must be text' },
      { path: 'states.1', message: 'State 2 must be an object' },
    ]);
    expect((await refused('crc', { width: 8, poly: null })).details).toEqual([
      { path: 'poly', message: 'Polynomial must be hexadecimal text or a list of 68 coefficients (0 or 1)' },
    ]);
    const zods = /Invalid (input|option)|expected|received|Too (big|small)/;
    const fields: Record<string, string[]> = {
      crc: ['algorithm', 'init', 'xorout', 'refin', 'refout', 'partialLastWord', 'poly', 'language', 'testbench'],
      uart: ['language', 'testbench'],
      fifo: ['almostFullThreshold', 'almostEmptyThreshold', 'language', 'testbench'],
      fsm: [
        ...['moduleName', 'fsmType', 'encoding', 'resetState', 'clkName', 'resetName', 'numStates'],
        ...['states', 'inputs', 'outputs', 'transitions', 'language', 'testbench'],
      ],
    };
    for (const [generator, names] of Object.entries(fields))
      for (const field of names)
        for (const value of [null, 'x', -1.5, true, [], {}, [null], [{}]]) {
          const base = generator === 'crc' ? { width: 8, poly: '0x07' } : {};
          // Some are taken (no inputs, no transitions): only refusals are read.
          const { details = [] } = (await (await post(generator, { ...base, [field]: value })).json()) as Refusal;
          for (const { path, message } of details) expect(message, `${generator} ${field}: ${path}`).not.toMatch(zods);
        }
  });

  it('says how the CRC fields go together in sentences naming the field (they said "required with a hexadecimal poly")', async () => {
    const cases: [Body, { path: string; message: string }[]][] = [
      [{ poly: '0x07' }, [{ path: 'width', message: 'CRC width is required with a hexadecimal poly.' }]],
      [{}, [{ path: 'poly', message: 'Give algorithm, or poly (with width for hexadecimal text).' }]],
      [
        { algorithm: 'CRC-8', init: '0x1' },
        [{ path: 'init', message: 'Init cannot be given with algorithm: give either algorithm or the parameters.' }],
      ],
      [
        { algorithm: 'CRC-99' },
        [{ path: 'algorithm', message: 'Unknown CRC algorithm "CRC-99" (GET /api/predefined lists the catalogue).' }],
      ],
      [
        { width: 4, poly: [1, 1, 0, 1, ...new Array(64).fill(0)] },
        [{ path: 'width', message: "CRC width must be the polynomial's degree (3) or left out." }],
      ],
      [{ poly: new Array(68).fill(0) }, [{ path: 'poly', message: 'Polynomial must have a term above x^0.' }]],
      [
        { width: 65, poly: '0x1', language: 'c', testbench: true },
        [
          { path: 'width', message: 'CRC width must be at most 64 in the software languages.' },
          { path: 'testbench', message: 'Testbench is for Verilog and VHDL only.' },
        ],
      ],
    ];
    for (const [body, details] of cases)
      expect((await refused('crc', body)).details, JSON.stringify(body)).toEqual(details);
  });

  it("reads an FSM output value or condition given as a whole number as its decimal text (it was refused: 'must be text')", async () => {
    const states = DEFAULT_FSM.states.map((s) => (s.name === 'RUN' ? { ...s, outputs: { busy: 1, complete: 0 } } : s));
    const asText = DEFAULT_FSM.states.map((s) =>
      s.name === 'RUN' ? { ...s, outputs: { busy: '1', complete: '0' } } : s,
    );
    expect(await files('fsm', { states })).toEqual(await files('fsm', { states: asText }));
    // A condition too: 1 is the condition language's "always" (YAML's condition: 1).
    const always = (condition: unknown) => [
      { from: 'IDLE', to: 'RUN', condition },
      ...DEFAULT_FSM.transitions.slice(1),
    ];
    expect(await files('fsm', { transitions: always(1) })).toEqual(await files('fsm', { transitions: always('1') }));
    // Beyond 2^53 the number has lost digits before the server sees it: written as text, it is exact.
    expect((await refused('fsm', { states: [{ name: 'IDLE', outputs: { busy: 2 ** 60 } }] })).details).toContainEqual({
      path: 'states.0.outputs.busy',
      message: 'State 1 outputs busy must be text',
    });
  });

  it("says the catalogue's CRC-82/DARC is too wide, never that it is unknown", async () => {
    for (const algorithm of ['CRC-82/DARC', 'crc82 darc'])
      expect((await refused('crc', { algorithm })).details).toEqual([
        { path: 'algorithm', message: 'CRC-82/DARC is 82 bits wide: CRCs up to 67 bits are generated' },
      ]);
  });

  it('says what an FSM signal width must be (was "expected int, received number" for 1.5)', async () => {
    const inputs = [
      { name: 'start', width: 1.5 },
      { name: 'stop', width: 65 },
    ];
    // Naming the signal's row, as the page names its emptied names (it said "must be a whole number from 1 to 64").
    const message = (signal: string) => `${signal} width must be a whole number from 1 to 64.`;
    expect((await refused('fsm', { inputs, outputs: [{ name: 'busy', width: 0 }] })).details).toEqual([
      { path: 'inputs.0.width', message: message('Input 1') },
      { path: 'inputs.1.width', message: message('Input 2') },
      { path: 'outputs.0.width', message: message('Output 1') },
    ]);
  });

  it('refuses unknown fields, each named', async () => {
    for (const generator of ['crc', 'uart', 'fifo', 'fsm']) {
      const answer = await refused(generator, { algorithm: 'CRC-8/SMBUS', colour: 'red', baud: 9600 });
      const unknown = answer.details.filter((d) => d.message === 'unknown field').map((d) => d.path);
      expect(unknown, generator).toEqual(generator === 'crc' ? ['colour', 'baud'] : ['algorithm', 'colour', 'baud']);
    }
    const nested = await refused('fsm', { states: [{ name: 'IDLE', colour: 'red' }] });
    expect(nested.details).toContainEqual({ path: 'states.0.colour', message: 'unknown field' });
  });

  it('tells a misspelt field the name meant, as bitsmith --config does (it said "unknown field" alone)', async () => {
    expect((await refused('uart', { baudrate: 9600 })).details).toEqual([
      { path: 'baudrate', message: 'unknown field (did you mean baudRate?)' },
    ]);
    expect((await refused('fifo', { dataWidht: 16 })).details).toEqual([
      { path: 'dataWidht', message: 'unknown field (did you mean dataWidth?)' },
    ]);
    expect((await refused('fsm', { fsmtype: 'moore' })).details).toEqual([
      { path: 'fsmtype', message: 'unknown field (did you mean fsmType?)' },
    ]);
    expect((await refused('crc', { algorithm: 'CRC-8/SMBUS', pipelinestages: 1 })).details).toEqual([
      { path: 'pipelinestages', message: 'unknown field (did you mean pipelineStages?)' },
    ]);
  });

  it('refuses an output value for an output the FSM does not have, never ignores it', async () => {
    // A misspelt output ("bussy") left busy at its default 0 in state RUN, with a 200.
    const states = DEFAULT_FSM.states.map((s) =>
      s.name === 'RUN' ? { ...s, outputs: { bussy: '1', complete: '0' } } : s,
    );
    const transitions = [{ from: 'IDLE', to: 'RUN', condition: 'start', outputs: { Busy: '1' } }];
    const answer = await refused('fsm', { fsmType: 'mealy', states, transitions });
    expect(answer.details).toEqual([
      { path: 'states.1.outputs.bussy', message: 'not an output (the outputs are busy, complete)' },
      { path: 'transitions.0.outputs.Busy', message: 'not an output (the outputs are busy, complete)' },
    ]);
  });

  it('error names whole problems, then how many more there are (it was cut mid-word at 500 characters)', async () => {
    // States A and B (for the defaults' IDLE, RUN, DONE) leave each transition's ends unknown, and B
    // sets an output that is not one: seven problems, 507 characters with the title; error ended
    // "...Transition 3 (DONE → IDLE): unknown state ".
    const states = [{ name: 'A' }, { name: 'B', outputs: { bussy: '1' } }];
    const answer = await refused('fsm', { states, resetState: 'A' });
    const whole = `Invalid configuration: ${answer.details.map((d) => `${d.path}: ${d.message}`).join('; ')}`;
    expect(whole.length).toBeGreaterThan(500);
    const listed = answer.error.replace(/^Invalid configuration: /, '').replace(/; and (\d+) more$/, '');
    const more = Number(/; and (\d+) more$/.exec(answer.error)?.[1] ?? 0);
    const problems = listed.split('; ');
    expect(answer.error.length).toBeLessThanOrEqual(500);
    // Each listed whole, its full stop dropped before the "; " that follows it.
    expect(problems).toEqual(
      answer.details.slice(0, problems.length).map((d) => `${d.path}: ${d.message}`.replace(/\.$/, '')),
    );
    expect(problems.length + more).toBe(answer.details.length);
  });

  it('answers 413 to a body over the limit, 400 to malformed JSON, 422 to a body that is not an object', async () => {
    const big = JSON.stringify({ moduleName: 'x'.repeat(5000) });
    const tooBig = await post('uart', big);
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({ error: 'Request body too large' });
    const fsmBig = await post(
      'fsm',
      JSON.stringify({ moduleName: 'm', states: [{ name: 'A', description: 'x'.repeat(70_000) }] }),
    );
    expect(fsmBig.status).toBe(413);
    // The FSM's limit is larger: a 20 KB configuration is read (and refused only for its content).
    expect((await post('fsm', JSON.stringify({ moduleName: `9${'y'.repeat(20_000)}` }))).status).toBe(422);
    // A condition nested 20,000 deep overflows the condition parser's stack: still a 422, never a 500.
    const deep = `${'('.repeat(20_000)}start${')'.repeat(20_000)}`;
    const nested = await post('fsm', { transitions: [{ from: 'IDLE', to: 'RUN', condition: deep }] });
    expect(nested.status).toBe(422);
    expect(server.output()).not.toMatch(/Unhandled error/);
    const malformed = await post('fifo', '{"dataWidth": 8,');
    expect(malformed.status).toBe(400);
    // In the analytics API's words, for the same mistakes (each was "Malformed request body").
    expect(await malformed.json()).toEqual({ error: 'Malformed JSON body' });
    for (const body of ['null', '8', '"fifo"'])
      expect(await (await post('fifo', body)).json(), body).toEqual({
        error: 'Malformed JSON body: an object or array was expected',
      });
    expect((await post('fifo', '[1, 2]')).status).toBe(422);
  });

  it('answers 400 to an empty body, as the analytics events do (it was read as {}: the default design)', async () => {
    const empty = { status: 400, json: { error: 'Empty request body: send the options as a JSON object' } };
    for (const path of ['hdl/uart', 'hdl/crc', 'hdl/fifo', 'hdl/fsm', 'generate', 'crc/identify']) {
      const r = await fetch(`${server.url}/api/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '',
      });
      expect({ status: r.status, json: await r.json() }, path).toEqual(empty);
      // Chunked, with no chunk of body.
      const chunked = await fetch(`${server.url}/api/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: new ReadableStream({ start: (c) => c.close() }),
        duplex: 'half',
      } as RequestInit);
      expect({ status: chunked.status, json: await chunked.json() }, `${path}, chunked`).toEqual(empty);
    }
    // The page's defaults are asked for with {}.
    expect((await post('uart', '{}')).status).toBe(200);
  });

  it('answers 400 to options in the query string, which would be ignored for the defaults (?language=vhdl gave Verilog)', async () => {
    for (const path of ['hdl/uart', 'generate', 'crc/identify']) {
      const r = await fetch(`${server.url}/api/${path}?language=vhdl&testbench`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect({ status: r.status, json: await r.json() }, path).toEqual({
        status: 400,
        json: { error: 'Send the options in the JSON body, not the query string (language, testbench)' },
      });
    }
  });

  it('answers 400, saying where, to a body that is not UTF-8 (a Windows-1252 "é"), never generating with U+FFFD', async () => {
    // As `bitsmith fsm generate --config` refuses the same file; the design had "D\uFFFDpart" in its comments.
    const latin1 = Buffer.from('{"states": [{"name": "IDLE", "description": "D\xe9part"}]}', 'latin1');
    const notUtf8 = { error: 'The body is not UTF-8 text: byte 0xE9 at line 1, column 47 (send JSON in UTF-8)' };
    for (const path of ['hdl/fsm', 'hdl/uart', 'generate', 'crc/identify']) {
      const r = await fetch(`${server.url}/api/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: latin1,
      });
      expect({ status: r.status, json: await r.json() }, path).toEqual({ status: 400, json: notUtf8 });
    }
    // UTF-8 is read as it is, a leading byte order mark included.
    const states = '[{"name": "IDLE", "description": "Départ"}, {"name": "RUN"}, {"name": "DONE"}]';
    const utf8 = Buffer.from(`\ufeff{"states": ${states}}`);
    const answer = await fetch(`${server.url}/api/hdl/fsm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: utf8,
    });
    expect(answer.status).toBe(200);
    expect(JSON.stringify(await answer.json())).toContain('Départ');
  });

  it('answers 422, never a 500, to a body nested deeper than any configuration (the FSM limit holds 10,000 levels)', async () => {
    const deep = `{"moduleName": "m", "states": ${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const r = await post('fsm', deep);
    const answer = (await r.json()) as Refusal;
    expect(r.status, JSON.stringify(answer)).toBe(422);
    expect(answer.details).toEqual([{ path: 'states', message: expect.stringMatching(/nested more than \d+ levels/) }]);
    expect(server.output()).not.toMatch(/Unhandled error/);
  });
});

describe('POST /api/hdl/*: the pool and the rate limit', () => {
  it('answers 503 + Retry-After when the pool refuses, counted by the same per-client limit as /api/generate', async () => {
    // A queue limit of 0 refuses every task: the pool's refusal, without racing a flood.
    const busy = await startServer({
      env: { GENERATE_THREADS: '1', GENERATE_QUEUE_LIMIT: '0', RATE_LIMIT_PER_MINUTE: '5' },
    });
    try {
      for (const generator of ['crc', 'uart', 'fifo', 'fsm']) {
        const r = await post(generator, generator === 'crc' ? { algorithm: 'CRC-32C' } : {}, busy.url);
        expect(r.status, generator).toBe(503);
        expect(r.headers.get('retry-after')).toBe('2');
        expect((await r.json()).error).toBe('Code generation is busy (queue full); retry in 2 s');
      }
      // The fifth request of the minute is the last one the budget allows, whatever the route.
      const generate = await fetch(`${busy.url}/api/generate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          poly: [1, 1, 1, 0, 0, 0, 0, 0, 1, ...new Array(59).fill(0)],
          data_width: 8,
          language: 'verilog',
        }),
      });
      expect(generate.status).toBe(503);
      const limited = await post('uart', {}, busy.url);
      expect(limited.status).toBe(429);
      expect(await limited.json()).toEqual({ error: 'Too many requests, please slow down' });
    } finally {
      await busy.stop();
    }
  });
});

describe('POST /api/hdl/*: the designs work', () => {
  const tops = (answer: Answer) => {
    const tb = answer.files[1]!.text;
    return /^module\s+(\w+)/m.exec(tb)?.[1] ?? [...tb.matchAll(/^entity\s+(\w+)\s+is/gm)].at(-1)![1]!;
  };
  const sources = (answer: Answer) => Object.fromEntries(answer.files.map((f) => [f.name, f.text]));

  it.each([
    [
      'crc',
      'CRC-16/ARC, 32 bits, partial last word, 2 stages',
      { algorithm: 'CRC-16/ARC', dataWidth: 32, partialLastWord: true, pipelineStages: 2 },
    ],
    [
      'crc',
      'CRC-5 from explicit parameters',
      { width: 5, poly: '0x05', init: '0x1f', refin: true, refout: true, dataWidth: 8 },
    ],
    ['uart', '115200-8-E-1', { baudRate: 115200, clockFreq: 1_843_200, parity: 'even', fifoDepth: 4 }],
    [
      'fifo',
      'asynchronous, first word fall-through',
      { dataWidth: 8, fifoDepth: 16, clockingMode: 'async', readMode: 'fwft' },
    ],
    ['fsm', 'the complex example (Mealy, one-hot)', COMPLEX_EXAMPLE],
  ] as [string, string, Body][])(
    '%s (%s): the Verilog testbench passes in Icarus Verilog',
    async (generator, _label, body) => {
      const answer = await files(generator, { ...body, language: 'verilog', testbench: true });
      const { stdout } = await simulateVerilog(sources(answer), tops(answer));
      expect(stdout).toMatch(/PASS/);
      expect(stdout).not.toMatch(/FAIL/);
    },
  );

  it('the FSM VHDL testbench passes in GHDL', async () => {
    const answer = await files('fsm', { ...SIMPLE_EXAMPLE, language: 'vhdl', testbench: true });
    const { stdout } = await simulateVhdl(sources(answer), tops(answer), '08');
    expect(stdout).toMatch(/PASS/);
    expect(stdout).not.toMatch(/FAIL/);
  });
});
