/**
 * After a deploy, a tab still running the old build asks for lazy chunks (a tool's page) that the
 * server no longer has: the import fails (Vite's `vite:preloadError`). One reload fetches the new
 * build (the user's drafts are in storage); when that fails too (a broken deploy) the tool's route
 * says so (ToolRoute's boundary) rather than reloading again and again. A chunk that failed because
 * the server cannot be reached (offline, a restart) is no deploy: a reload would swap the page for
 * the browser's error page, so the route says so and its Reload button waits for the user.
 */
import { everyDraftKept } from '../browser/draft-kept';

const RELOADED_AT = 'bitsmith-stale-chunk-reload';
const LOOP_GUARD_MS = 10_000;

function reloadedRecently(): boolean {
  try {
    return Date.now() - Number(sessionStorage.getItem(RELOADED_AT) ?? 0) < LOOP_GUARD_MS;
  } catch {
    return true; // storage blocked: no way to tell a loop, so no reload
  }
}

/** Whether this page's address answers now (a deploy's new build), rather than nothing at all. */
async function serverAnswers(): Promise<boolean> {
  try {
    return (await fetch(window.location.href, { method: 'HEAD', cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}

export function reloadOnStaleChunk(): void {
  window.addEventListener('vite:preloadError', () => {
    // Text a draft could not keep (too long, storage full) would be lost: the route's Reload button
    // is then the user's choice.
    if (reloadedRecently() || !everyDraftKept()) return;
    void serverAnswers().then((answers) => {
      if (!answers || !everyDraftKept()) return;
      try {
        sessionStorage.setItem(RELOADED_AT, String(Date.now()));
      } catch {
        return;
      }
      window.location.reload();
    });
  });
}

/**
 * A new deploy's service worker took this tab over: it has deleted the old build's files from its
 * cache, so the chunks and workers this page has not loaded yet are gone. One reload brings the
 * new build (drafts are in storage). In a first visit's tab (no controller at load) the first
 * takeover is the install of this build's own worker, no update; the next one is (that tab used
 * not to listen at all, and stayed on the old build). A tab whose draft does not hold what it has
 * (storage full, a file chosen) is left as it is: a reload would lose the text on screen.
 */
export function reloadOnNewServiceWorker(): void {
  const sw = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
  if (!sw) return;
  let controlled = sw.controller !== null;
  sw.addEventListener('controllerchange', () => {
    if (!controlled) controlled = true;
    else if (everyDraftKept()) window.location.reload();
  });
}
