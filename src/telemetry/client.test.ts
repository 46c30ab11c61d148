import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendSuggestion } from './client';

/** The requests the client makes: path and parsed body. */
function recordFetch(answer: (path: string) => Promise<Response>) {
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal('fetch', (path: string, init: RequestInit) => {
    sent.push({ path, body: JSON.parse(init.body as string) as Record<string, unknown> });
    return answer(path);
  });
  vi.stubGlobal('localStorage', { getItem: () => 'session-1', setItem: () => {}, removeItem: () => {} });
  vi.stubGlobal('navigator', { userAgent: 'test-agent' });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sendSuggestion (spec part 1, section 7)', () => {
  it("posts the spec's {suggestion, tool_context, session_id, user_agent, timestamp}", async () => {
    const sent = recordFetch(() => Promise.resolve(new Response('{"ok":true}', { status: 202 })));
    await sendSuggestion('a dark mode', 'CRC Generator');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe('/api/analytics/suggestion');
    expect(Object.keys(sent[0]!.body).sort()).toEqual([
      'session_id',
      'suggestion',
      'timestamp',
      'tool_context',
      'user_agent',
    ]);
    expect(sent[0]!.body).toMatchObject({
      suggestion: 'a dark mode',
      tool_context: 'CRC Generator',
      session_id: 'session-1',
      user_agent: 'test-agent',
    });
  });

  it('on failure sends a tool-usage event with suggestion_length and tool_context instead', async () => {
    for (const answer of [
      () => Promise.resolve(new Response('', { status: 503 })),
      () => Promise.reject(new TypeError('offline')),
    ]) {
      const sent = recordFetch((path) =>
        path.endsWith('/suggestion') ? answer() : Promise.resolve(new Response('', { status: 202 })),
      );
      await sendSuggestion('a dark mode', 'CRC Generator');
      expect(sent.map((s) => s.path)).toEqual(['/api/analytics/suggestion', '/api/analytics/tool-usage']);
      expect(sent[1]!.body).toMatchObject({
        session_id: 'session-1',
        metadata: { suggestion_length: 11, tool_context: 'CRC Generator' },
      });
      expect(sent[1]!.body.metadata).not.toHaveProperty('suggestion');
    }
  });
});
