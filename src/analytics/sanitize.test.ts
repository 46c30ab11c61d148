import { describe, expect, it } from 'vitest';
import { schemas } from '../../server/routes/analytics-schemas';
import { cleanDuration, clipFields, flatMetadata } from './sanitize';

describe('analytics payload sanitising', () => {
  it('turns nested tool metadata into flat primitives the server accepts', () => {
    const metadata = flatMetadata({
      language: 'verilog',
      config: { baud: 115200, parity: 'none', frame: { data_bits: 8 } },
      list: [1, 2, 3],
      'bad key.$x': 1,
      constructor: 'x',
      long: 'y'.repeat(600),
      nan: Number.NaN,
      fn: () => 1,
      none: undefined,
    });
    expect(metadata).toEqual({
      language: 'verilog',
      config_baud: 115200,
      config_parity: 'none',
      config_frame_data_bits: 8,
      list: '[1,2,3]',
      bad_key__x: 1,
      constructor_: 'x',
      long: 'y'.repeat(512),
      nan: null,
    });
    const body = { tool_name: 'UART Generator', action: 'generate_code', duration: cleanDuration(Infinity), session_id: 's', metadata };
    expect(schemas['tool-usage'].safeParse(body).success).toBe(true);
  });

  it('keeps at most 32 metadata keys and clips over-long fields', () => {
    expect(Object.keys(flatMetadata(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, i]))))).toHaveLength(32);
    const pv = clipFields({ page_path: `/x?${'q'.repeat(5000)}`, user_agent: 'u'.repeat(900), referrer: 'direct', session_id: 's' });
    expect(pv.page_path).toHaveLength(2048);
    expect(schemas.pageview.safeParse(pv).success).toBe(true);
    const err = clipFields({ error_context: 'c'.repeat(300), error_message: 'm', tool_name: '/'.repeat(200), session_id: 's', user_agent: '', page_url: 'h'.repeat(3000), timestamp: 't' });
    expect(schemas.error.safeParse(err).success).toBe(true);
    expect(cleanDuration(-5)).toBe(0);
    expect(cleanDuration(12.5)).toBe(12.5);
  });
});
