import { describe, expect, it } from 'vitest';
import { applyPreset, BAUD_RATES, DEFAULT_UART, uartGenerator, uartSummary, UART_PRESETS, validateUart } from '.';
import { configurationLines, framingName } from './design';

const generateUartVerilog = (c: typeof DEFAULT_UART) => uartGenerator.generate(c, 'verilog').text;
const generateUartVhdl = (c: typeof DEFAULT_UART) => uartGenerator.generate(c, 'vhdl').text;

describe('UART configuration', () => {
  it('has the spec defaults and baud list', () => {
    expect(DEFAULT_UART).toEqual({
      baudRate: 9600,
      dataBits: 8,
      stopBits: 1,
      parity: 'none',
      clockFreq: 100_000_000,
      fifoDepth: 16,
      oversampling: 16,
    });
    expect([...BAUD_RATES]).toEqual([2400, 9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600]);
  });

  it('has the four presets', () => {
    expect(UART_PRESETS.map((p) => framingName(applyPreset(DEFAULT_UART, p)))).toEqual([
      '9600-8-N-1',
      '115200-8-E-1',
      '921600-8-N-1',
      '2400-7-O-2',
    ]);
  });

  it('computes the summary: floor(clock / (baud x oversampling)), actual baud, error, bit time', () => {
    const s = uartSummary(DEFAULT_UART);
    expect(s.baudCounter).toBe(Math.floor(100_000_000 / (9600 * 16)));
    expect(s.baudCounter).toBe(651);
    expect(s.actualBaud).toBeCloseTo(100_000_000 / (651 * 16), 6);
    expect(s.errorPercent).toBeCloseTo((Math.abs(s.actualBaud - 9600) / 9600) * 100, 9);
    expect(s.errorFlagged).toBe(false);
    expect(s.bitDurationUs).toBeCloseTo(1e6 / 9600, 9);
    expect(s.actualBitDurationUs).toBeCloseTo(1e6 / s.actualBaud, 9);
  });

  it('flags an error above 2 %', () => {
    const s = uartSummary({ ...DEFAULT_UART, clockFreq: 10_000_000, baudRate: 921600, oversampling: 8 });
    expect(s.baudCounter).toBe(1);
    expect(s.errorPercent).toBeGreaterThan(2);
    expect(s.errorFlagged).toBe(true);
  });

  it('rejects out-of-range values and a zero baud counter with clear messages', () => {
    expect(validateUart(DEFAULT_UART)).toEqual([]);
    expect(validateUart({ ...DEFAULT_UART, clockFreq: 999_999 })[0]).toMatch(/Clock frequency must be/);
    expect(validateUart({ ...DEFAULT_UART, fifoDepth: 257 })[0]).toMatch(/FIFO depth must be/);
    expect(validateUart({ ...DEFAULT_UART, fifoDepth: 0 })[0]).toMatch(/FIFO depth must be/);
    expect(validateUart({ ...DEFAULT_UART, dataBits: 10 })[0]).toMatch(/Data bits/);
    expect(validateUart({ ...DEFAULT_UART, baudRate: 1234 })[0]).toMatch(/Baud rate/);
    expect(validateUart({ ...DEFAULT_UART, clockFreq: 1_000_000, baudRate: 921600 })[0]).toMatch(/clock is too slow/);
  });

  it('writes both numbers of the clock-too-slow message in the same grouped format', () => {
    const [message] = validateUart({ ...DEFAULT_UART, clockFreq: 1_843_200, baudRate: 921600, oversampling: 16 });
    expect(message).toContain('1,843,200 Hz cannot produce 921,600 baud with 16x oversampling');
  });

  it('states the configuration in the header comment of both languages', () => {
    const c = applyPreset(DEFAULT_UART, UART_PRESETS[3]!);
    const v = generateUartVerilog(c);
    const h = generateUartVhdl(c);
    for (const line of configurationLines(c)) {
      expect(v).toContain(`// ${line}`);
      expect(h).toContain(`-- ${line}`);
    }
    expect(v.startsWith('//')).toBe(true);
    expect(h.startsWith('--')).toBe(true);
    expect(v).toContain('parameter integer PARITY       = 2');
    expect(h).toContain('STOP_BITS    : positive := 2');
  });
});

describe('UART generator', () => {
  it('names the files uart_module.v / .vhd and uart_module_tb.v / .vhd', () => {
    expect(uartGenerator.generate(DEFAULT_UART, 'verilog').name).toBe('uart_module.v');
    expect(uartGenerator.generate(DEFAULT_UART, 'vhdl').name).toBe('uart_module.vhd');
    expect(uartGenerator.testbench(DEFAULT_UART, 'verilog').name).toBe('uart_module_tb.v');
    expect(uartGenerator.testbench(DEFAULT_UART, 'vhdl').name).toBe('uart_module_tb.vhd');
  });

  it('generates the chosen language and refuses an unusable configuration', () => {
    expect(uartGenerator.generate(DEFAULT_UART, 'verilog').text).toContain('module uart_module #(');
    expect(uartGenerator.generate(DEFAULT_UART, 'vhdl').text).toContain('entity uart_module is');
    expect(uartGenerator.testbench(DEFAULT_UART, 'verilog').text).toContain('module uart_module_tb;');
    expect(uartGenerator.testbench(DEFAULT_UART, 'vhdl').text).toContain('entity uart_module_tb is');
    expect(() => uartGenerator.generate({ ...DEFAULT_UART, dataBits: 10 }, 'verilog')).toThrow(
      'Data bits must be between 5 and 9.',
    );
  });
});
