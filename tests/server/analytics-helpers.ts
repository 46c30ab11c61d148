import { createServer } from 'node:net';
/** Small HTTP helpers shared by the analytics API, load and e2e tests. */
export const INGEST_KINDS = ['pageview', 'tool-usage', 'suggestion', 'error', 'performance'] as const;

export async function post(
  url: string,
  kind: string,
  body: unknown,
  init: { contentType?: string; userAgent?: string; raw?: string } = {},
) {
  const res = await fetch(`${url}/api/analytics/${kind}`, {
    method: 'POST',
    headers: {
      'Content-Type': init.contentType ?? 'application/json',
      ...(init.userAgent ? { 'User-Agent': init.userAgent } : {}),
    },
    body: init.raw ?? JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: safeJson(text) as { error?: string } | undefined };
}

export async function getStats(url: string, token: string | null, query = 'days=30') {
  const res = await fetch(`${url}/api/analytics/stats?${query}`, {
    headers: token === null ? {} : { Authorization: `Bearer ${token}` },
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    json: safeJson(text) as Record<string, unknown> & { error?: string },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const pageview = (page_path: string, session_id: string) => ({
  page_path,
  user_agent: 'Mozilla/5.0 (test)',
  referrer: 'direct',
  session_id,
});
export const toolUsage = (
  tool_name: string,
  action: string,
  session_id: string,
  metadata: Record<string, unknown> = {},
) => ({
  tool_name,
  action,
  duration: 12,
  session_id,
  metadata,
});

/** A loopback port nothing listens on. */
export async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise((r) => srv.close(r));
  return port;
}
