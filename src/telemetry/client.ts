/**
 * Analytics client (spec part 1, section 7). Every call is fire-and-forget: failures only log to
 * the console, the visitor never sees them.
 */
import type { EventBodies, EventKind } from '../core/analytics/contract';
import { redactUrl } from '../core/analytics/url-privacy';
import { getSessionId } from './session';
import { cleanDuration, clipFields, flatMetadata, rejection } from './sanitize';
import { withoutQuotedText } from '../core/analytics/text-privacy';
import type { ToolAnalyticsName } from '../tools';

const BASE = '/api/analytics';
type Json = Record<string, unknown>;

/** The body clipped to the contract, or undefined (with a console warning) when the server would refuse it. */
function fitted<K extends EventKind>(kind: K, body: EventBodies[K]): EventBodies[K] | undefined {
  const clipped = clipFields(body);
  const reason = rejection(kind, clipped);
  if (reason === undefined) return clipped;
  console.warn(`analytics ${kind} not sent: ${reason}`);
  return undefined;
}

function post<K extends EventKind>(kind: K, body: EventBodies[K]): void {
  const sendable = fitted(kind, body);
  if (!sendable) return;
  try {
    fetch(`${BASE}/${kind}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(sendable),
      keepalive: true,
    })
      .then((r) => {
        if (!r.ok) console.warn(`analytics ${kind}: HTTP ${r.status}`);
      })
      .catch((e) => console.warn(`analytics ${kind} failed`, e));
  } catch (e) {
    console.warn(`analytics ${kind} failed`, e);
  }
}

const userAgent = () => (typeof navigator === 'undefined' ? '' : navigator.userAgent);

/** A page view: path plus query, 'direct' when there is no referrer. */
export function trackPageView(pagePath: string, referrer = document.referrer): void {
  post('pageview', {
    page_path: redactUrl(pagePath),
    user_agent: userAgent(),
    referrer: referrer ? redactUrl(referrer) : 'direct',
    session_id: getSessionId(),
  });
}

/**
 * A tool action, e.g. trackToolUsage(tool.analyticsName, 'copy_css', { type: 'linear' }). The name
 * comes from the tool's declaration (src/tools/<folder>/tool.ts); any other string does not compile.
 */
export function trackToolUsage(tool: ToolAnalyticsName, action: string, metadata: Json = {}, duration = 0): void {
  sendToolUsage(tool, action, metadata, duration);
}

function sendToolUsage(toolName: string, action: string, metadata: Json, duration = 0): void {
  post('tool-usage', {
    tool_name: toolName,
    action,
    duration: cleanDuration(duration),
    session_id: getSessionId(),
    metadata: flatMetadata(metadata),
  });
}

/** An error in a tool, reported under the tool's analytics name. */
export function trackError(errorContext: string, errorMessage: string, tool: ToolAnalyticsName): void {
  sendError(errorContext, errorMessage, tool);
}

/** `where` is a tool's analytics name, or the page path for uncaught errors. */
function sendError(errorContext: string, errorMessage: string, where: string): void {
  post('error', {
    error_context: errorContext,
    error_message: withoutQuotedText(errorMessage),
    tool_name: where,
    session_id: getSessionId(),
    user_agent: userAgent(),
    // Never the fragment (the JWT debugger's #token=) nor credential-like query values.
    page_url: redactUrl(location.href),
    timestamp: new Date().toISOString(),
  });
}

/** A suggestion; when it cannot be sent, a tool-usage event records its length and context. */
export async function sendSuggestion(suggestion: string, toolContext: string): Promise<void> {
  const body = clipFields({
    suggestion,
    tool_context: toolContext,
    session_id: getSessionId(),
    user_agent: userAgent(),
    timestamp: new Date().toISOString(),
  });
  try {
    const r = await fetch(`${BASE}/suggestion`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
  } catch (e) {
    console.warn('analytics suggestion failed', e);
    // Not a tool: the dashboard lists failed suggestions under this name.
    const metadata = { suggestion_length: suggestion.length, tool_context: toolContext };
    sendToolUsage('suggestion', 'suggestion_failed', metadata);
  }
}

/** Navigation start to load end when known, otherwise time since navigation start. */
function pageLoadTime(): number {
  const nav = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return nav && nav.loadEventEnd > 0 ? nav.loadEventEnd : performance.now();
}

/**
 * Sends page_load_time (ms since navigation start) once, when the page is hidden/unloaded, named
 * by the path the document was loaded at.
 */
export function installPageLoadBeacon(): void {
  let sent = false;
  // The page that loaded: the visitor may leave from another route of the app, which loaded nothing.
  const loadedPath = redactUrl(location.pathname);
  const send = () => {
    if (sent) return;
    sent = true;
    const event = fitted('performance', {
      metric_name: 'page_load_time',
      value: Math.round(pageLoadTime()),
      // The path, as a page view sends it: a token pasted into it (/jwt-debugger/eyJ...) is not sent.
      tool_name: loadedPath,
      session_id: getSessionId(),
      timestamp: new Date().toISOString(),
    });
    if (!event) return;
    try {
      // A string body goes as text/plain, which the server accepts (no CORS preflight, survives unload).
      if (!navigator.sendBeacon?.(`${BASE}/performance`, JSON.stringify(event))) post('performance', event);
    } catch (e) {
      console.warn('analytics beacon failed', e);
    }
  };
  addEventListener('pagehide', send);
}

const MAX_REPORTED_ERRORS = 10;

/** Reports uncaught errors and unhandled rejections (at most 10 per page, so a loop cannot flood). */
export function installErrorReporting(): void {
  let reported = 0;
  const report = (context: string, message: string) => {
    if (reported++ < MAX_REPORTED_ERRORS) sendError(context, message.slice(0, 2000), redactUrl(location.pathname));
  };
  addEventListener('error', (e) => report('window.error', (e.error as Error | undefined)?.message ?? e.message));
  addEventListener('unhandledrejection', (e) => {
    const reason = e.reason as { message?: string } | undefined;
    report('unhandledrejection', reason?.message ?? String(e.reason));
  });
}
