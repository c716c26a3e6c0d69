import { Transform } from 'node:stream';

/** React's Node renderer writes to this stream and calls its `flush()` once a batch of writes is complete. */
export type DocumentStream = Transform & { flush(): void };

/**
 * The stream between React and the response, with two jobs.
 *
 * - **NUL bytes.** React 18.3's Node stream renderer (`writeStringChunk`) flushes its whole 2 KiB buffer when the
 *   next multi-byte character does not fit at its end, so the unused bytes go out as NUL bytes in the middle of
 *   the HTML. Cyrillic text hits this on ordinary pages («Сл\0ишком»). A 0x00 byte is never part of a UTF-8
 *   multi-byte sequence and has no place in an HTML document, so dropping every one restores the text exactly.
 * - **One chunk per flush.** React writes a document in 2 KiB pieces and then calls `flush()`, the convention of
 *   zlib streams. Passed on one by one, every piece would travel through the web stream and be compressed and
 *   flushed by gzip on its own (Remix flushes the response after each chunk): about twenty zlib calls for the
 *   shell of a page. Held until React's `flush()` they go out as one chunk, so the shell is compressed in one
 *   call, and a streamed boundary still goes out the moment React has written it (ADR 031).
 */
export function createDocumentStream(): DocumentStream {
  let held: Buffer[] = [];
  const release = () => {
    if (held.length === 0) return;
    stream.push(held.length === 1 ? held[0] : Buffer.concat(held));
    held = [];
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      held.push(chunk.includes(0) ? Buffer.from(chunk.filter((byte) => byte !== 0)) : chunk);
      callback();
    },
    flush(callback) {
      release();
      callback();
    },
  });
  return Object.assign(stream, { flush: release });
}
