/**
 * POST /api/hdl/<generator>: the request bodies and the answer. A body is the generator's
 * configuration as its page keeps it (every field optional, defaulting to the page's defaults),
 * plus `language` and `testbench`. Field types, enums and ranges come from the generators'
 * constants (so the OpenAPI document shows them); then the generator's own validate() runs on
 * the whole configuration and each of its messages is reported against the field it is about.
 * The rules are the page's, and a 422 names the field. Field-level messages are the page's too:
 * the generator's validate() on the defaults with that one field replaced.
 */
import { z } from 'zod';
import { nearestName } from '../../src/core/edit-distance';
import { numberAsText, wholeNumberError } from '../../src/core/number-text';
import { paramsOf } from '../../src/core/crc/catalogue';
import { hexValue, PARAMETER_DEFAULTS, STREAM_DEFAULTS } from '../../src/core/crc/request';
import {
  MAX_CRC_WIDTH,
  MAX_DATA_WIDTH_API,
  MIN_DATA_WIDTH,
  POLY_BITS,
  parseHex,
  polyFromBits,
  type CrcParams,
} from '../../src/core/crc/params';
import { HDL_LANGUAGES } from '../../src/core/hdl/contract';
import { MAX_SOFTWARE_WIDTH, SOFTWARE_LANGUAGES, isSoftwareLanguage } from '../../src/core/crc/software';
import { findCatalogueAlgorithm, tooWideAlgorithm, tooWideText } from '../../src/core/hdl/crc/algorithm';
import {
  CRC_WIDTH_MESSAGE,
  MAX_PIPELINE_STAGES,
  PIPELINE_MESSAGE,
  dataWidthMessage,
  validateCrcConfig,
  type CrcConfig,
} from '../../src/core/hdl/crc';
import {
  ALMOST_EMPTY_RANGE,
  ALMOST_FULL_RANGE,
  CLOCKING_MODES,
  DATA_WIDTH_RANGE,
  DEFAULT_FIFO_CONFIG,
  FIFO_DEPTH_RANGE,
  MEMORY_TYPES,
  READ_MODES,
  RESET_TYPES,
  WRITE_MODES,
  packetModeOf,
  validateFifoConfig,
  type FifoConfig,
} from '../../src/core/hdl/fifo';
import { excerpt } from '../../src/core/excerpt';
import {
  DEFAULT_FSM,
  ENCODINGS,
  FSM_TYPES,
  SIMPLE_EXAMPLE,
  fsmGenerator,
  type FsmConfig,
} from '../../src/core/hdl/fsm';
import { MAX_WIDTH as FSM_MAX_SIGNAL_WIDTH } from '../../src/core/hdl/fsm/design';
import { fsmIssuePath } from './hdl-fsm-paths';
import {
  BAUD_RATES,
  CLOCK_MAX,
  CLOCK_MIN,
  DATA_BITS_OPTIONS,
  DEFAULT_UART,
  FIFO_DEPTH_MAX,
  FIFO_DEPTH_MIN,
  OVERSAMPLING_OPTIONS,
  PARITY_OPTIONS,
  STOP_BITS_OPTIONS,
  parseWholeText,
  validateUart,
  type UartConfig,
} from '../../src/core/hdl/uart';
import type { HdlGeneratorName } from '../services/hdl-names';

import { fieldLabel } from './field-sentences';
import { alsoAccepts } from '../openapi/registry';

export { FIELD_SENTENCES } from './field-sentences';

type Path = (string | number)[];

/**
 * The output languages of each generator: the one place to extend when a generator learns a
 * language (the CRC generator is getting software languages).
 */
export const API_LANGUAGES = {
  crc: [...HDL_LANGUAGES, ...SOFTWARE_LANGUAGES],
  uart: HDL_LANGUAGES,
  fifo: HDL_LANGUAGES,
  fsm: HDL_LANGUAGES,
} as const satisfies Record<HdlGeneratorName, readonly string[]>;

const output = <G extends HdlGeneratorName>(generator: G) => ({
  language: z.enum(API_LANGUAGES[generator]).default('verilog').meta({ description: 'Output language of the files.' }),
  testbench: z
    .boolean()
    .default(false)
    .meta({ description: 'Also answer the self-checking testbench, after the design.' }),
});

/** The field a generator's message is about: the first prefix it starts with, else the body. */
const byPrefix =
  (table: [prefix: string, field: string][]) =>
  (message: string): Path => {
    const hit = table.find(([prefix]) => message.startsWith(prefix));
    return hit ? [hit[1]] : [];
  };

/** Adds the generator's problems with a configuration as issues on their fields; true when there were none. */
function addProblems(ctx: z.RefinementCtx, problems: string[], fieldOf: (message: string) => Path): boolean {
  for (const message of problems) ctx.addIssue({ code: 'custom', path: fieldOf(message), message });
  return problems.length === 0;
}

/**
 * The page's message for a bad value of `field` (an error map for that field's schema): the
 * generator's validate() on the defaults with only that field replaced; zod's own message when
 * validate() says nothing about the field.
 */
function pageMessage<C extends object>(
  validate: (config: C) => string[],
  defaults: C,
  field: keyof C & string,
  fieldOf: (message: string) => Path,
) {
  const problem = (value: unknown) => validate({ ...defaults, [field]: value }).find((m) => fieldOf(m)[0] === field);
  return (issue: { input?: unknown }) => {
    const message = problem(issue.input);
    // `"baudRate": "9600"` was told "Baud rate must be one of 2400, 9600, ...": the type is what is wrong.
    return message && numberAsText(message, issue.input, (n) => !problem(n));
  };
}

// ---- UART ------------------------------------------------------------------------------------

const uartField = byPrefix([
  ['Baud rate', 'baudRate'],
  ['Data bits', 'dataBits'],
  ['Stop bits', 'stopBits'],
  ['Parity', 'parity'],
  ['Oversampling', 'oversampling'],
  ['Clock frequency', 'clockFreq'],
  ['The clock is too slow', 'clockFreq'],
  ['FIFO depth', 'fifoDepth'],
]);
const uartError = (field: keyof UartConfig) => ({ error: pageMessage(validateUart, DEFAULT_UART, field, uartField) });

/**
 * The UART page keeps its Clock Frequency and FIFO Depth boxes as typed text (src/tools/uart/logic.ts),
 * and so may a configuration (its form, its link, a `bitsmith --config` file): such text
 * (`50,000,000`, `1.8432e6`, YAML's `50_000_000`) is read as the page reads it; text it refuses
 * becomes NaN, which the number's check refuses with the page's message.
 */
const typedText = (value: unknown) => (typeof value === 'string' ? parseWholeText(value) : value);
/** A number box of the UART page: the number, or the text the page takes. */
const typedNumber = (min: number, max: number, field: 'clockFreq' | 'fifoDepth') =>
  alsoAccepts(z.preprocess(typedText, z.number(uartError(field)).int().min(min).max(max)), {
    type: 'string',
    description: 'The number as text the page takes: "50,000,000", "1.8432e6", "50_000_000".',
  });

const uartRequest = z
  .strictObject({
    baudRate: z
      .literal(BAUD_RATES, uartError('baudRate'))
      .default(DEFAULT_UART.baudRate as (typeof BAUD_RATES)[number]),
    dataBits: z
      .literal(DATA_BITS_OPTIONS, uartError('dataBits'))
      .default(DEFAULT_UART.dataBits as (typeof DATA_BITS_OPTIONS)[number]),
    stopBits: z
      .literal(STOP_BITS_OPTIONS, uartError('stopBits'))
      .default(DEFAULT_UART.stopBits as (typeof STOP_BITS_OPTIONS)[number]),
    parity: z.enum(PARITY_OPTIONS as ['none', 'even', 'odd'], uartError('parity')).default(DEFAULT_UART.parity),
    clockFreq: typedNumber(CLOCK_MIN, CLOCK_MAX, 'clockFreq')
      .default(DEFAULT_UART.clockFreq)
      .meta({ description: 'System clock in Hz (or the text the page takes: "50,000,000", "1.8432e6").' }),
    fifoDepth: typedNumber(FIFO_DEPTH_MIN, FIFO_DEPTH_MAX, 'fifoDepth').default(DEFAULT_UART.fifoDepth),
    oversampling: z
      .literal(OVERSAMPLING_OPTIONS, uartError('oversampling'))
      .default(DEFAULT_UART.oversampling as (typeof OVERSAMPLING_OPTIONS)[number]),
    ...output('uart'),
  })
  .transform(({ language, testbench, ...config }, ctx) => {
    if (!addProblems(ctx, validateUart(config), uartField)) return z.NEVER;
    return { generator: 'uart' as const, config, language, testbench };
  });

// ---- FIFO ------------------------------------------------------------------------------------

const fifoProblems = (config: FifoConfig) => {
  const r = validateFifoConfig(config);
  return r.ok ? [] : r.errors;
};
const fifoField = byPrefix([
  ['Data width', 'dataWidth'],
  ['FIFO depth', 'fifoDepth'],
  ['Memory type', 'memoryType'],
  ['Clocking mode', 'clockingMode'],
  ['Read mode', 'readMode'],
  ['Write mode "packet"', 'enablePacketMode'],
  ['Write mode', 'writeMode'],
  ['Almost full', 'almostFullThreshold'],
  ['Almost empty', 'almostEmptyThreshold'],
  ['Output register', 'outputRegister'],
  ['Reset type', 'resetType'],
  ['ECC', 'enableECC'],
  ['Packet mode', 'enablePacketMode'],
]);
const fifoError = (field: keyof FifoConfig) => ({
  error: pageMessage(fifoProblems, DEFAULT_FIFO_CONFIG, field, fifoField),
});
const percent = (field: keyof FifoConfig, range: { min: number; max: number }) =>
  z
    .number(fifoError(field))
    .int()
    .min(range.min)
    .max(range.max)
    .default(DEFAULT_FIFO_CONFIG[field] as number)
    .meta({ description: 'Percent of the depth.' });

const fifoRequest = z
  .strictObject({
    dataWidth: z
      .number(fifoError('dataWidth'))
      .int()
      .min(DATA_WIDTH_RANGE.min)
      .max(DATA_WIDTH_RANGE.max)
      .default(DEFAULT_FIFO_CONFIG.dataWidth),
    fifoDepth: z
      .number(fifoError('fifoDepth'))
      .int()
      .min(FIFO_DEPTH_RANGE.min)
      .max(FIFO_DEPTH_RANGE.max)
      .default(DEFAULT_FIFO_CONFIG.fifoDepth),
    memoryType: z.enum(MEMORY_TYPES, fifoError('memoryType')).default(DEFAULT_FIFO_CONFIG.memoryType),
    clockingMode: z.enum(CLOCKING_MODES, fifoError('clockingMode')).default(DEFAULT_FIFO_CONFIG.clockingMode),
    readMode: z.enum(READ_MODES, fifoError('readMode')).default(DEFAULT_FIFO_CONFIG.readMode),
    // No defaults of their own: one given alone sets the other, as on the page (packetModeOf).
    writeMode: z
      .enum(WRITE_MODES, fifoError('writeMode'))
      .optional()
      .meta({ description: "Default: packet when enablePacketMode is true, else standard (the page's select)." }),
    almostFullThreshold: percent('almostFullThreshold', ALMOST_FULL_RANGE),
    almostEmptyThreshold: percent('almostEmptyThreshold', ALMOST_EMPTY_RANGE),
    outputRegister: z.boolean(fifoError('outputRegister')).default(DEFAULT_FIFO_CONFIG.outputRegister),
    resetType: z.enum(RESET_TYPES, fifoError('resetType')).default(DEFAULT_FIFO_CONFIG.resetType),
    enableECC: z.boolean(fifoError('enableECC')).default(DEFAULT_FIFO_CONFIG.enableECC),
    enablePacketMode: z.boolean(fifoError('enablePacketMode')).optional().meta({
      description:
        "Default: true when writeMode is packet, else false (the page's checkbox, which moves with writeMode).",
    }),
    ...output('fifo'),
  })
  .transform(({ language, testbench, writeMode, enablePacketMode, ...fields }, ctx) => {
    const config: FifoConfig = { ...DEFAULT_FIFO_CONFIG, ...fields, ...packetModeOf(writeMode, enablePacketMode) };
    if (!addProblems(ctx, fifoProblems(config), fifoField)) return z.NEVER;
    return { generator: 'fifo' as const, config, language, testbench };
  });

// ---- FSM -------------------------------------------------------------------------------------

/**
 * A whole number for an output value or a condition is its decimal text, as the page keeps it:
 * YAML's `busy: 1` or `condition: 1` (a `bitsmith fsm generate --config` file), JSON's `"busy": 1`
 * were refused as "must be text" until 2026-12-01. Beyond 2^53 a JSON number has already lost digits, so such a value stays
 * refused: it is written as text.
 */
const valueText = (value: unknown) => (Number.isSafeInteger(value) ? String(value) : value);
const wholeOrText = () =>
  alsoAccepts(z.preprocess(valueText, z.string()), { type: 'integer', description: 'Its decimal text.' });
const values = z
  .record(z.string(), wholeOrText())
  .meta({ description: 'Output name -> value (decimal, 0x hex or 0b binary; a whole number is its decimal text).' });
/**
 * One message for every way a width can be wrong (zod's own said "expected int, received number" for
 * 1.5), naming the signal's row: "Input 2 width must be ...".
 */
const widthError = {
  error: (issue: z.core.$ZodRawIssue) =>
    numberAsText(
      `${fieldLabel(issue.path ?? [])} must be a whole number from 1 to ${FSM_MAX_SIGNAL_WIDTH}.`,
      issue.input,
      (n) => Number.isInteger(n) && n >= 1 && n <= FSM_MAX_SIGNAL_WIDTH,
    ),
};
const signal = z.strictObject({
  name: z.string(),
  width: z.number(widthError).int(widthError).min(1, widthError).max(FSM_MAX_SIGNAL_WIDTH, widthError).default(1),
  description: z.string().default(''),
});
/**
 * A state's or transition's value for a name that is not an output would be ignored (a misspelt
 * `bussy` left `busy` at its default): each is refused under its own path, as unknown fields are.
 */
function refuseUnknownOutputs(c: Pick<FsmConfig, 'outputs' | 'states' | 'transitions'>, ctx: z.RefinementCtx): boolean {
  const names = new Set(c.outputs.map((o) => o.name));
  const message = `not an output (the outputs are ${[...names].map((n) => excerpt(n)).join(', ') || 'none'})`;
  let unknown = 0;
  for (const list of ['states', 'transitions'] as const)
    c[list].forEach((entry, i) => {
      for (const key of Object.keys(entry.outputs ?? {}).filter((k) => !names.has(k))) {
        ctx.addIssue({ code: 'custom', path: [list, i, 'outputs', key], message });
        unknown++;
      }
    });
  return unknown === 0;
}

const fsmRequest = z
  .strictObject({
    moduleName: z.string().default(DEFAULT_FSM.moduleName),
    fsmType: z.enum(FSM_TYPES.map((t) => t.value) as ['moore', 'mealy']).default(DEFAULT_FSM.fsmType),
    encoding: z.enum(ENCODINGS.map((e) => e.value) as ['binary', 'onehot', 'gray']).default(DEFAULT_FSM.encoding),
    resetState: z.string().default(DEFAULT_FSM.resetState),
    clkName: z.string().default(DEFAULT_FSM.clkName),
    resetName: z.string().default(DEFAULT_FSM.resetName),
    numStates: z.number().int().min(0).optional().meta({ description: 'Ignored: the length of states.' }),
    states: z
      .array(
        z.strictObject({
          name: z.string(),
          code: z.string().default(''),
          description: z.string().default(''),
          outputs: values.optional(),
        }),
      )
      .default(DEFAULT_FSM.states),
    inputs: z.array(signal).default(DEFAULT_FSM.inputs),
    outputs: z.array(signal).default(DEFAULT_FSM.outputs),
    transitions: z
      .array(
        z.strictObject({
          from: z.string(),
          to: z.string(),
          condition: wholeOrText()
            .default('')
            .meta({ description: "Condition language; '' or 1 means always (a whole number is its decimal text)." }),
          outputs: values.optional().meta({ description: 'Mealy only: output values while the condition holds.' }),
        }),
      )
      .default(DEFAULT_FSM.transitions)
      .meta({ description: 'In priority order: the first true condition out of a state wins.' }),
    ...output('fsm'),
  })
  .transform(({ language, testbench, numStates: _ignored, ...fields }, ctx) => {
    const config = { ...fields, numStates: fields.states.length };
    const outputsKnown = refuseUnknownOutputs(config, ctx);
    const problems = fsmGenerator.validate(config);
    if (!addProblems(ctx, problems, (m) => fsmIssuePath(m, config)) || !outputsKnown) return z.NEVER;
    return { generator: 'fsm' as const, config, language, testbench };
  });

// ---- CRC -------------------------------------------------------------------------------------

const PARAMETER_FIELDS = ['width', 'poly', 'init', 'xorout', 'refin', 'refout'] as const;
/** The data width of a hardware design when left out (the page's). */
const DEFAULT_DATA_WIDTH = 8;

const crcField = byPrefix([
  ['CRC width', 'width'],
  ['Data width', 'dataWidth'],
  ['Polynomial', 'poly'],
  ['Init', 'init'],
  ['XorOut', 'xorout'],
  ['Partial last word', 'partialLastWord'],
  ['Pipeline stages', 'pipelineStages'],
]);

const crcRequest = z
  .strictObject({
    algorithm: z.string().max(100, 'Algorithm must be at most 100 characters.').optional().meta({
      description: 'A catalogue name or alias (GET /api/predefined); case, spaces, dashes and slashes are ignored.',
    }),
    width: z
      .number(wholeNumberError(CRC_WIDTH_MESSAGE, 1, MAX_CRC_WIDTH))
      .int()
      .min(1)
      .max(MAX_CRC_WIDTH)
      .optional()
      .meta({ description: 'CRC width in bits.' }),
    poly: z
      .union(
        [
          hexValue,
          z
            .array(z.union([z.literal(0), z.literal(1)]))
            .length(POLY_BITS)
            .meta({ description: `${POLY_BITS} coefficients x^0..x^${POLY_BITS - 1}, as POST /api/generate.` }),
        ],
        { error: `Polynomial must be hexadecimal text or a list of ${POLY_BITS} coefficients (0 or 1)` },
      )
      .optional()
      .meta({
        description: 'Generator polynomial: hexadecimal without the x^width term (with width), or coefficients.',
      }),
    init: hexValue.optional().meta({ description: 'Initial register value.', default: PARAMETER_DEFAULTS.init }),
    xorout: hexValue.optional().meta({ description: 'Final XOR value.', default: PARAMETER_DEFAULTS.xorout }),
    refin: z.boolean().optional().meta({ default: PARAMETER_DEFAULTS.refin }),
    refout: z.boolean().optional().meta({ default: PARAMETER_DEFAULTS.refout }),
    // The hardware options: no defaults here, so that one given with a software language is seen.
    dataWidth: z
      .number(wholeNumberError(dataWidthMessage(MAX_DATA_WIDTH_API), MIN_DATA_WIDTH, MAX_DATA_WIDTH_API))
      .int()
      .min(MIN_DATA_WIDTH)
      .max(MAX_DATA_WIDTH_API)
      .optional()
      .meta({ description: 'Data bits absorbed per clock (Verilog and VHDL only).', default: DEFAULT_DATA_WIDTH }),
    partialLastWord: z.boolean().optional().meta({
      description: 'Adds data_bytes (data widths that are multiples of 8; Verilog and VHDL only).',
      default: STREAM_DEFAULTS.partialLastWord,
    }),
    pipelineStages: z
      .number(wholeNumberError(PIPELINE_MESSAGE, 0, MAX_PIPELINE_STAGES))
      .int()
      .min(0)
      .max(MAX_PIPELINE_STAGES)
      .optional()
      .meta({ description: 'Register stages (Verilog and VHDL only).', default: STREAM_DEFAULTS.pipelineStages }),
    ...output('crc'),
  })
  .transform((body, ctx) => {
    if (isSoftwareLanguage(body.language) && !noHardwareOptions(body, ctx)) return z.NEVER;
    const params = crcParams(body, ctx);
    if (!params) return z.NEVER;
    const config: CrcConfig = { params, dataWidth: body.dataWidth ?? DEFAULT_DATA_WIDTH };
    // As POST /api/generate and bitsmith crc generate: only options that change the design are kept.
    if (body.partialLastWord) config.partialLastWord = true;
    if (body.pipelineStages) config.pipelineStages = body.pipelineStages;
    if (!addProblems(ctx, validateCrcConfig(config), crcField)) return z.NEVER;
    if (isSoftwareLanguage(body.language) && !softwareFits(params.width, body.testbench, ctx)) return z.NEVER;
    // The software files name their identifiers after the algorithm (crc32_iso_hdlc_update, ...).
    const name = body.algorithm === undefined ? undefined : findCatalogueAlgorithm(body.algorithm)?.name;
    return { generator: 'crc' as const, config, language: body.language, testbench: body.testbench, name };
  });

type CrcBody = z.input<typeof crcRequest>;

const HARDWARE_OPTIONS = ['dataWidth', 'partialLastWord', 'pipelineStages'] as const;

/** Software code has no data path: a hardware option given with it is refused, never ignored. */
function noHardwareOptions(body: Partial<Record<(typeof HARDWARE_OPTIONS)[number], unknown>>, ctx: z.RefinementCtx) {
  const given = HARDWARE_OPTIONS.filter((key) => body[key] !== undefined);
  for (const key of given)
    ctx.addIssue({ code: 'custom', path: [key], message: `${fieldLabel([key])} applies to Verilog and VHDL only.` });
  return given.length === 0;
}

/** C, Rust, Python, TypeScript: widths up to 64, and no testbench (issues added when not). */
function softwareFits(width: number, testbench: boolean, ctx: z.RefinementCtx): boolean {
  if (width > MAX_SOFTWARE_WIDTH)
    ctx.addIssue({
      code: 'custom',
      path: ['width'],
      message: `CRC width must be at most ${MAX_SOFTWARE_WIDTH} in the software languages.`,
    });
  if (testbench)
    ctx.addIssue({ code: 'custom', path: ['testbench'], message: 'Testbench is for Verilog and VHDL only.' });
  return width <= MAX_SOFTWARE_WIDTH && !testbench;
}

/** The parameters: the catalogue algorithm's, or the explicit ones (undefined after adding issues). */
function crcParams(body: CrcBody, ctx: z.RefinementCtx): CrcParams | undefined {
  const given = PARAMETER_FIELDS.filter((k) => body[k] !== undefined);
  if (body.algorithm !== undefined) {
    for (const k of given)
      ctx.addIssue({
        code: 'custom',
        path: [k],
        message: `${fieldLabel([k])} cannot be given with algorithm: give either algorithm or the parameters.`,
      });
    const found = findCatalogueAlgorithm(body.algorithm);
    const tooWide = found ? undefined : tooWideAlgorithm(body.algorithm);
    if (!found)
      ctx.addIssue({
        code: 'custom',
        path: ['algorithm'],
        message: tooWide
          ? tooWideText(tooWide)
          : `Unknown CRC algorithm "${body.algorithm.slice(0, 40)}" (GET /api/predefined lists the catalogue).`,
      });
    return found && !given.length ? paramsOf(found) : undefined;
  }
  if (body.poly === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['poly'],
      message: 'Give algorithm, or poly (with width for hexadecimal text).',
    });
    return undefined;
  }
  let width: number;
  let poly: bigint;
  if (typeof body.poly === 'string') {
    if (body.width === undefined) {
      ctx.addIssue({ code: 'custom', path: ['width'], message: 'CRC width is required with a hexadecimal poly.' });
      return undefined;
    }
    width = body.width;
    poly = parseHex(body.poly)!;
  } else {
    ({ width, poly } = polyFromBits(body.poly));
    if (width < 1) {
      ctx.addIssue({ code: 'custom', path: ['poly'], message: 'Polynomial must have a term above x^0.' });
      return undefined;
    }
    if (body.width !== undefined && body.width !== width) {
      ctx.addIssue({
        code: 'custom',
        path: ['width'],
        message: `CRC width must be the polynomial's degree (${width}) or left out.`,
      });
      return undefined;
    }
  }
  return {
    width,
    poly,
    init: parseHex(body.init ?? PARAMETER_DEFAULTS.init)!,
    xorout: parseHex(body.xorout ?? PARAMETER_DEFAULTS.xorout)!,
    refin: body.refin ?? PARAMETER_DEFAULTS.refin,
    refout: body.refout ?? PARAMETER_DEFAULTS.refout,
  };
}

// ---- The four requests and their answer ------------------------------------------------------

/** What to add to "unknown field" for a key at the top of a body ("did you mean baudRate?"), if anything. */
export type UnknownFieldHint = (key: string) => string | undefined;

/** The hint for a misspelt top-level field: the body's field within two typos (case ignored), as the command's. */
export const didYouMean =
  (fields: readonly string[]): UnknownFieldHint =>
  (key) => {
    const meant = nearestName(key, fields);
    return meant && `did you mean ${meant}?`;
  };

/** The field names of an object schema, or of the object a transform or refinement starts from. */
export function fieldNames(schema: z.ZodType): string[] {
  const s = schema as { shape?: object; in?: z.ZodType };
  return s.shape ? Object.keys(s.shape) : s.in ? fieldNames(s.in) : [];
}

/**
 * zod reports a body's unknown fields together, on the body: one issue per field, under its own
 * name, and for a field at the top the `hint` (`refIn: unknown field (did you mean refin?)`).
 */
export function oneIssuePerField(issues: z.core.$ZodIssue[], hint?: UnknownFieldHint): z.core.$ZodIssue[] {
  const message = (key: string, atTop: boolean) => {
    const words = atTop ? hint?.(key) : undefined;
    return words ? `unknown field (${words})` : 'unknown field';
  };
  return issues.flatMap((i): z.core.$ZodIssue[] =>
    i.code === 'unrecognized_keys'
      ? i.keys.map((key) => ({ ...i, keys: [key], path: [...i.path, key], message: message(key, i.path.length === 0) }))
      : [i],
  );
}

export const hdlRequestSchemas = { crc: crcRequest, uart: uartRequest, fifo: fifoRequest, fsm: fsmRequest };

/** Largest body of each: the FSM's lists of states and transitions are the only long ones. */
export const HDL_BODY_LIMITS: Record<HdlGeneratorName, number> = {
  crc: 4 * 1024,
  uart: 4 * 1024,
  fifo: 4 * 1024,
  fsm: 64 * 1024,
};

/** A request body of each, for the OpenAPI document, the docs and the tests. */
export const HDL_EXAMPLES = {
  crc: { algorithm: 'CRC-32/ISO-HDLC', dataWidth: 64, language: 'verilog', testbench: true },
  uart: { baudRate: 115200, parity: 'even', clockFreq: 50_000_000, language: 'vhdl' },
  fifo: { dataWidth: 32, fifoDepth: 128, clockingMode: 'async', language: 'verilog', testbench: true },
  fsm: { ...SIMPLE_EXAMPLE, language: 'vhdl' },
} satisfies { [G in HdlGeneratorName]: z.input<(typeof hdlRequestSchemas)[G]> };
