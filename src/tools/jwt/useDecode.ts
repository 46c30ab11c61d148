/**
 * Decoding the token in the box: a short one at once, a long one (over LONG_JWT_TEXT characters)
 * in the worker (src/workers/jwt), where a 1 MB token's base64url, UTF-8 and JSON took 45 ms of
 * the page's thread and its decoded views 25 ms more (2026-12-02). A new token, Clear All or
 * Cancel stops a decode in the worker; the box keeps the token.
 */
import { useEffect, useRef, useState } from 'react';
import { decodeJwt, LONG_JWT_TEXT, MESSAGES, type DecodeResult } from './logic';
import { useJwtStore } from './store';
import { tool } from './tool';
import { trackToolUsage } from '../../telemetry';
import { jwtWorker } from '../../workers/jwt/client';
import { isAbortError } from '../../workers/bridge';

export function useDecode() {
  const input = useJwtStore((s) => s.input);
  const running = useRef<AbortController | null>(null);
  const [decoding, setDecoding] = useState(false);

  const cancel = () => {
    running.current?.abort();
    running.current = null;
    setDecoding(false);
  };

  /** `manual`: a press of Decode (counted, and its error announced again). */
  const decode = (manual: boolean) => {
    cancel();
    const { input, setResult } = useJwtStore.getState();
    const show = (r: DecodeResult) => {
      if (r.ok) setResult(r.token, '', manual);
      else setResult(null, r.error, manual);
      if (manual || r.ok) trackToolUsage(tool.analyticsName, 'decode_token', { valid: r.ok, length: input.length });
    };
    if (input.length <= LONG_JWT_TEXT) return show(decodeJwt(input));
    const job = new AbortController();
    running.current = job;
    setDecoding(true);
    jwtWorker
      .with({ signal: job.signal })
      .decode(input)
      .then(
        (r) => job.signal.aborted || show(r),
        (e: unknown) => isAbortError(e) || setResult(null, MESSAGES.decodeFailed((e as Error).message), manual),
      )
      .finally(() => running.current === job && cancel());
  };

  // A decode in the worker is for the token it started with.
  useEffect(() => cancel, [input]);
  // The worker starts while the page is idle, not in the decode's task.
  const long = input.length > LONG_JWT_TEXT;
  useEffect(() => (long ? jwtWorker.hold() : undefined), [long]);

  return { decode, decoding, cancel };
}
