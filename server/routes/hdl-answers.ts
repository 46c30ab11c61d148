/**
 * What POST /api/hdl/<generator> answers, as zod schemas for the OpenAPI document. Each summary is
 * checked against the type the worker returns (server/services/hdl-jobs.ts), so the document
 * cannot drift from the answer.
 */
import { z } from 'zod';
import type { FifoSummary } from '../../src/core/hdl/fifo';
import type { UartSummary } from '../../src/core/hdl/uart';
import type { crcSummaryJson, fsmSummaryJson } from '../services/hdl-jobs';
import type { HdlGeneratorName } from '../services/hdl-names';

const count = z.number().int().min(0);

const crcSummary = z.object({
  check: z.string().meta({ description: 'CRC of the nine bytes "123456789", as hexadecimal text of the CRC width.' }),
  xorCount: count.meta({ description: 'Two-input XOR gates without sharing.' }),
  deepestTerms: count,
  deepestBit: count,
  deepestLevels: count,
  stream: z
    .object({
      dataXors: count,
      feedbackXors: count,
      feedbackAnds: count,
      tableBits: count,
      muxes: count,
      flipFlops: count,
      dataLevels: z.array(count),
      feedbackLevels: count,
      tableLevels: count,
      latency: count.meta({ description: 'Clock cycles from a beat to crc_out.' }),
    })
    .optional()
    .meta({ description: 'With a partial last word or pipeline stages: the stream design.' }),
}) satisfies z.ZodType<ReturnType<typeof crcSummaryJson>>;

const uartSummary = z.object({
  baudCounter: count,
  actualBaud: z.number(),
  errorPercent: z.number(),
  errorFlagged: z.boolean().meta({ description: 'The baud error is above 2 %.' }),
  bitDurationUs: z.number(),
  actualBitDurationUs: z.number(),
  frameBits: count,
}) satisfies z.ZodType<UartSummary>;

const fifoSummary = z.object({
  metrics: z.object({
    totalBits: count,
    estimatedLUTs: count,
    estimatedRegisters: count,
    estimatedBRAM: count,
    maxFrequency: z.number().meta({ description: 'MHz' }),
    latency: count,
  }),
  thresholds: z.object({ almostFull: count, almostEmpty: count }),
  notes: z.array(z.string()),
}) satisfies z.ZodType<FifoSummary>;

const fsmSummary = z.object({
  warnings: z.array(z.string()),
  codes: z
    .object({
      width: count,
      codes: z.record(z.string(), z.string()).meta({ description: 'State name -> binary code.' }),
      note: z.string().optional(),
    })
    .optional(),
}) satisfies z.ZodType<ReturnType<typeof fsmSummaryJson>>;

const files = z
  .array(z.object({ name: z.string(), text: z.string() }))
  .meta({ description: 'The design, then (with testbench: true) its testbench.' });

export const hdlAnswerSchemas: Record<HdlGeneratorName, z.ZodType> = {
  crc: z.object({ files, summary: crcSummary }),
  uart: z.object({ files, summary: uartSummary }),
  fifo: z.object({ files, summary: fifoSummary }),
  fsm: z.object({ files, summary: fsmSummary }),
};
