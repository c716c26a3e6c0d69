import { Transform } from 'node:stream';

/**
 * React 18.3's Node stream renderer (`writeStringChunk`) flushes its whole 2 KiB buffer when the next
 * multi-byte character does not fit at its end, so the unused bytes go out as NUL bytes in the middle of the
 * HTML. Cyrillic text hits this on ordinary pages («Сл\0ишком»). A 0x00 byte is never part of a UTF-8
 * multi-byte sequence and has no place in an HTML document, so dropping every one restores the text exactly.
 */
export function createNulStrippingStream(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, chunk.includes(0) ? Buffer.from(chunk.filter((byte) => byte !== 0)) : chunk);
    },
  });
}
