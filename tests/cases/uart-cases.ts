/**
 * The UART configurations the HDL suites use: presets, the real-clock and divider-1 cases and
 * seeded random ones simulated by tests/hdl/uart.test.ts (and synthesised by synth.test.ts), and
 * the fuzzer's draw over everything validateUart accepts (tests/hdl/fuzz.test.ts).
 */
import {
  applyPreset,
  baudCounter,
  BAUD_RATES,
  CLOCK_MAX,
  CLOCK_MIN,
  DATA_BITS_OPTIONS,
  DEFAULT_UART,
  FIFO_DEPTH_MAX,
  OVERSAMPLING_OPTIONS,
  PARITY_OPTIONS,
  STOP_BITS_OPTIONS,
  UART_PRESETS,
  validateUart,
  type UartConfig,
} from '../../src/core/hdl/uart';
import { randomInt, seededRandom, type Random } from '../../src/core/random';
import { between, logBetween, pick } from './draw';

export interface UartCase {
  name: string;
  config: UartConfig;
}

/** Every preset on the default clock, depth and oversampling. */
export function presetUartCases(): UartCase[] {
  return UART_PRESETS.map((preset) => ({ name: `preset ${preset.label}`, config: applyPreset(DEFAULT_UART, preset) }));
}

/** The High Speed preset with the real 100 MHz clock (baud counter 6), simulated unaccelerated. */
export function highSpeedRealClock(): UartCase {
  const preset = UART_PRESETS.find((p) => p.id === 'highspeed');
  if (!preset) throw new Error('no High Speed preset');
  return {
    name: 'high speed preset with the real 100 MHz clock (baud counter 6)',
    config: applyPreset(DEFAULT_UART, preset),
  };
}

/** Baud divider 1: clock / (baud x oversampling) from 1 to 2, which the spec allows (issue 19). */
export const DIVIDER_ONE: UartCase[] = [
  {
    name: '115200 baud at 16x from 1.8432 MHz',
    config: { ...DEFAULT_UART, baudRate: 115200, oversampling: 16, clockFreq: 1_843_200 },
  },
  {
    name: '921600 baud at 32x from 30 MHz',
    config: { ...DEFAULT_UART, baudRate: 921600, oversampling: 32, clockFreq: 30_000_000 },
  },
];

/** The simulation suite's random draw: every option, clock 1-200 MHz, depth mostly small. */
export function randomUartConfig(rand: Random): UartConfig {
  const fifoDepth = rand() < 0.7 ? 1 + randomInt(rand, 12) : 1 + randomInt(rand, 256);
  const c: UartConfig = {
    baudRate: pick(rand, BAUD_RATES),
    dataBits: pick(rand, DATA_BITS_OPTIONS),
    stopBits: pick(rand, [1, 2]),
    parity: pick(rand, PARITY_OPTIONS),
    clockFreq: 1_000_000 + randomInt(rand, 199_000_001),
    fifoDepth,
    oversampling: pick(rand, OVERSAMPLING_OPTIONS),
  };
  return validateUart(c).length ? { ...c, clockFreq: 200_000_000, baudRate: 9600 } : c;
}

/** The random configurations tests/hdl/uart.test.ts simulates for `seed`. */
export function randomUartCases(seed: number, count = 6): UartCase[] {
  const rand = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const config = randomUartConfig(rand);
    return { name: `random #${i} (seed ${seed}): ${JSON.stringify(config)}`, config };
  });
}

/**
 * The fuzzer's draw: any configuration validateUart accepts, with the baud divider drawn first
 * (log-uniform from 1 up to the largest the clock range allows, so divider 1, 2, 3 ... are as
 * likely as large ones), then a clock that gives it.
 */
export function fuzzUartConfig(rand: Random): UartConfig {
  const baudRate = pick(rand, BAUD_RATES);
  const oversampling = pick(rand, OVERSAMPLING_OPTIONS);
  const tick = baudRate * oversampling;
  const minDivider = Math.max(1, Math.floor(CLOCK_MIN / tick));
  const maxDivider = Math.floor(CLOCK_MAX / tick);
  const divider =
    rand() < 0.3
      ? between(rand, minDivider, Math.min(maxDivider, minDivider + 3))
      : logBetween(rand, minDivider, maxDivider);
  // Any clock whose floor(clock / tick) is the divider, inside the clock range.
  const clockFreq = Math.min(CLOCK_MAX, Math.max(CLOCK_MIN, divider * tick + randomInt(rand, tick)));
  const config: UartConfig = {
    baudRate,
    oversampling,
    clockFreq,
    dataBits: pick(rand, DATA_BITS_OPTIONS),
    stopBits: pick(rand, STOP_BITS_OPTIONS),
    parity: pick(rand, PARITY_OPTIONS),
    fifoDepth: rand() < 0.5 ? between(rand, 1, 4) : logBetween(rand, 1, FIFO_DEPTH_MAX),
  };
  if (validateUart(config).length || baudCounter(config) < 1)
    throw new Error(`fuzzUartConfig drew an invalid ${JSON.stringify(config)}`);
  return config;
}
