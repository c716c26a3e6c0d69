import { Transform } from 'node:stream';

/** React's Node renderer writes to this stream and calls its `flush()` once a batch of writes is complete. */
export type DocumentStream = Transform & { flush(): void };

/** How React 18 ends a document's shell; written again only once the whole stream is out. */
const CLOSING_TAGS = '</body></html>';

/**
 * The stream between React and the response, with three jobs.
 *
 * - **NUL bytes.** React 18.3's Node stream renderer (`writeStringChunk`) flushes its whole 2 KiB buffer when the
 *   next multi-byte character does not fit at its end, so the unused bytes go out as NUL bytes in the middle of
 *   the HTML. Cyrillic text hits this on ordinary pages («Сл\0ишком»). A 0x00 byte is never part of a UTF-8
 *   multi-byte sequence and has no place in an HTML document, so dropping every one restores the text exactly.
 * - **One chunk per flush.** React writes a document in 2 KiB pieces and then calls `flush()`, the convention of
 *   zlib streams. Held until then, a batch goes on as one chunk, so the closing tags below are found whole where a
 *   piece's end cuts them, and the document (sent whole by `entry.server.tsx`) is a few chunks, not dozens.
 * - **The document ends last.** React 18 writes `</body></html>` with the shell, and what streams later (a
 *   Suspense boundary's content, Remix's single-fetch data scripts) would follow it, outside the document, which
 *   an HTML checker refuses. The first `</body></html>` React writes is held back and sent when the
 *   stream ends, after everything else. Text and data never hold that sequence literally: React escapes `<` in
 *   text and attributes, and Remix's data scripts escape it as `\u003c`.
 */
export function createDocumentStream(): DocumentStream {
  let held: Buffer[] = [];
  let closingHeld = false;
  const release = () => {
    if (held.length === 0) return;
    let chunk = held.length === 1 ? held[0]! : Buffer.concat(held);
    held = [];
    if (!closingHeld) {
      const at = chunk.indexOf(CLOSING_TAGS);
      if (at !== -1) {
        closingHeld = true;
        chunk = Buffer.concat([chunk.subarray(0, at), chunk.subarray(at + CLOSING_TAGS.length)]);
      }
    }
    if (chunk.length > 0) stream.push(chunk);
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      held.push(chunk.includes(0) ? Buffer.from(chunk.filter((byte) => byte !== 0)) : chunk);
      callback();
    },
    flush(callback) {
      release();
      if (closingHeld) stream.push(CLOSING_TAGS);
      callback();
    },
  });
  return Object.assign(stream, { flush: release });
}
