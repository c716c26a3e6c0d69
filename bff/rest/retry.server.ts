import { seconds } from '#shared/time';
/** Backoff for GET retries (docs/architecture.md §6): 1 s, 2 s, 4 s … capped, with the upstream's Retry-After honoured. */
export interface RetryPolicy {
  attempts: number;
  baseMs: number;
  maxMs: number;
}

const RETRYABLE_STATUS = new Set([408, 429, 500, 502, 503, 504]);

export function isRetryableStatus(status: number | null): boolean {
  return status === null || RETRYABLE_STATUS.has(status);
}

/** Delay before retry number `retry` (1-based). */
export function backoffDelay(policy: RetryPolicy, retry: number, retryAfter?: string | null): number {
  const exponential = Math.min(policy.baseMs * 2 ** (retry - 1), policy.maxMs);
  const requested = parseRetryAfter(retryAfter);
  return requested === null ? exponential : Math.min(Math.max(requested, exponential), policy.maxMs);
}

function parseRetryAfter(value: string | null | undefined): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return seconds(Number(value));
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/**
 * The backoff's wait, ended early by the request's signal. Not node:timers/promises' `setTimeout` (the sleep
 * everywhere else): it runs on the global timer, which the client's tests drive with fake timers.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
