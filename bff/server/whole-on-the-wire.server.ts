import type { NextFunction, Request, Response } from 'express';

/**
 * What the portal makes whole before it sends it (ADR 226): documents, single fetch's `.data` answers and
 * the JSON answers of its own routes (the dictation's autosave).
 */
const WHOLE_TYPES = /^(text\/html|text\/x-script|application\/json)\b/;
/**
 * The most it holds of one answer (as it leaves, compressed): a page is a small part of it. Past it the answer
 * flows as it is written, with back-pressure, like a file (issue 44): no answer is held in memory whatever its size.
 */
export const HELD_AT_MOST = 2 * 1024 * 1024;

type Callback = (error?: Error | null) => void;
const bytes = (chunk: unknown, encoding?: unknown) =>
  Buffer.isBuffer(chunk)
    ? chunk
    : chunk instanceof Uint8Array
      ? Buffer.from(chunk)
      : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');

/**
 * A document, `.data` or JSON answer leaves the instance in one write: its headers and its whole body, compressed
 * or not (compressed, it is chunked, and its last chunk goes with the rest). The compression middleware writes the headers with its first output and the rest a round trip
 * to its thread pool later, which on a busy instance is a while: a host that went silent in between left the
 * balancer with headers it had already passed on, and the browser with a page cut short. Held here until the
 * end, the answer reaches the balancer whole or not at all, and one not begun is sent again to another instance.
 * Registered before the compression middleware, so that its output passes through here.
 */
export function wholeOnTheWire(_req: Request, res: Response, next: NextFunction) {
  const write = res.write;
  const end = res.end;
  let held: Buffer[] | null | undefined;
  let heldBytes = 0;
  // Decided at the first byte, when the type is known. A file the upstream sent (it has a Content-Disposition,
  // bff/rest/files.server.ts) flows whatever its type says: only what the portal renders itself is held.
  const holding = () => {
    if (held === undefined) {
      const rendered = !res.hasHeader('Content-Disposition');
      held = rendered && WHOLE_TYPES.test(String(res.getHeader('Content-Type') ?? '')) ? [] : null;
    }
    return held;
  };

  res.write = function (this: Response, ...args: unknown[]) {
    const parts = holding();
    const original = write as (...a: unknown[]) => boolean;
    if (!parts) return original.apply(this, args);
    const [chunk, encoding] = args;
    const part = bytes(chunk, encoding);
    const done = args.find((arg): arg is Callback => typeof arg === 'function');
    if (heldBytes + part.length > HELD_AT_MOST) {
      // Too large to hold: what was held goes now, and the rest as it is written.
      held = null;
      return original.call(this, Buffer.concat([...parts, part]), done);
    }
    parts.push(part);
    heldBytes += part.length;
    if (done) process.nextTick(done);
    return true;
  } as Response['write'];

  res.end = function (this: Response, ...args: unknown[]) {
    const parts = holding();
    const original = end as (...a: unknown[]) => Response;
    if (!parts) return original.apply(this, args);
    const [chunk, encoding] = args;
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') parts.push(bytes(chunk, encoding));
    const done = args.find((arg): arg is Callback => typeof arg === 'function');
    held = null;
    return original.call(this, Buffer.concat(parts), done);
  } as Response['end'];
  next();
}
