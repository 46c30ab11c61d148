import { describe, expect, it } from 'vitest';
import { schemas } from '../../server/routes/analytics-schemas';
import { FIELD_MAX, type EventBodies, type EventKind } from '../core/analytics/contract';
import { cleanDuration, clipFields, flatMetadata, rejection } from './sanitize';
import { withoutQuotedText } from '../core/analytics/text-privacy';

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
    const body = {
      tool_name: 'UART Generator',
      action: 'generate_code',
      duration: cleanDuration(Infinity),
      session_id: 's',
      metadata,
    };
    expect(schemas['tool-usage'].safeParse(body).success).toBe(true);
  });

  it('keeps at most 32 metadata keys and clips over-long fields', () => {
    expect(
      Object.keys(flatMetadata(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, i])))),
    ).toHaveLength(32);
    const pv = clipFields({
      page_path: `/x?${'q'.repeat(5000)}`,
      user_agent: 'u'.repeat(900),
      referrer: 'direct',
      session_id: 's',
    });
    expect(pv.page_path).toHaveLength(2048);
    expect(schemas.pageview.safeParse(pv).success).toBe(true);
    const err = clipFields({
      error_context: 'c'.repeat(300),
      error_message: 'm',
      tool_name: '/'.repeat(200),
      session_id: 's',
      user_agent: '',
      page_url: 'h'.repeat(3000),
      timestamp: 't',
    });
    expect(schemas.error.safeParse(err).success).toBe(true);
    expect(cleanDuration(-5)).toBe(0);
    expect(cleanDuration(12.5)).toBe(12.5);
  });

  it('clips every field of every event kind to what the server accepts', () => {
    const long = (field: keyof typeof FIELD_MAX) => 'x'.repeat(FIELD_MAX[field] + 1);
    const bodies: { [K in EventKind]: EventBodies[K] } = {
      pageview: {
        page_path: long('page_path'),
        user_agent: long('user_agent'),
        referrer: long('referrer'),
        session_id: long('session_id'),
      },
      'tool-usage': { tool_name: long('tool_name'), action: long('action'), duration: 1, session_id: 's' },
      suggestion: {
        suggestion: long('suggestion'),
        tool_context: long('tool_context'),
        session_id: 's',
        timestamp: long('timestamp'),
      },
      error: {
        error_context: long('error_context'),
        error_message: long('error_message'),
        session_id: 's',
        page_url: long('page_url'),
      },
      performance: { metric_name: long('metric_name'), value: 1, tool_name: long('tool_name'), session_id: 's' },
    };
    for (const kind of Object.keys(bodies) as EventKind[]) {
      expect(schemas[kind].safeParse(bodies[kind]).success, kind).toBe(false);
      const clipped = clipFields(bodies[kind]);
      expect(rejection(kind, clipped), kind).toBeUndefined();
      expect(schemas[kind].safeParse(clipped).success, kind).toBe(true);
    }
  });

  it('names what the server would still reject: empty required fields, non-finite numbers', () => {
    const cases: [EventKind, EventBodies[EventKind], string | undefined][] = [
      ['tool-usage', { tool_name: '', action: 'a', session_id: 's' }, 'tool_name is empty'],
      ['pageview', { page_path: '/', session_id: '' }, 'session_id is empty'],
      ['performance', { metric_name: 'm', value: Number.NaN, session_id: 's' }, 'value is not a finite number'],
      ['error', { error_context: '', error_message: '', tool_name: '', session_id: 's' }, undefined],
    ];
    for (const [kind, body, reason] of cases) {
      expect(rejection(kind, body)).toBe(reason);
      expect(schemas[kind].safeParse(body).success, kind).toBe(reason === undefined);
    }
  });
});

describe('withoutQuotedText', () => {
  it('leaves out what a message quotes, straight or curly, and keeps the rest', () => {
    expect(withoutQuotedText('"ä" at position 2 is outside the ASCII range; choose UTF-8')).toBe(
      '"…" at position 2 is outside the ASCII range; choose UTF-8',
    );
    expect(withoutQuotedText('it contains "+" and \u201csecret\u201d')).toBe('it contains "…" and "…"');
    expect(withoutQuotedText('Invalid Base64 string')).toBe('Invalid Base64 string');
  });

  it('leaves out a JWT the message carries unquoted', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln-_';
    expect(withoutQuotedText(`Token ${jwt} rejected: expired`)).toBe('Token REDACTED rejected: expired');
    expect(withoutQuotedText(`at (${jwt})`)).toBe('at (REDACTED)');
    // In a URL the message quotes unquoted, its dots percent-encoded (it was sent as it was).
    const encoded = jwt.replaceAll('.', '%2E');
    expect(withoutQuotedText(`Failed to load /jwt/${encoded}/x`)).toBe('Failed to load /jwt/REDACTED/x');
    expect(withoutQuotedText(`bad ${jwt.replaceAll('.', '%2e')}`)).toBe('bad REDACTED');
  });
});
