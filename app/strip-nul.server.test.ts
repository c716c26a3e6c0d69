import { PassThrough, type Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { createElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createNulStrippingStream } from './strip-nul.server';

/** Many short Cyrillic texts after `padding` ASCII characters, so that some letter straddles a 2 KiB buffer. */
function page(padding: number) {
  const items = Array.from({ length: 300 }, (_, i) => createElement('li', { key: i }, 'Слишком'));
  return createElement('div', null, 'a'.repeat(padding), createElement('ul', null, items));
}

function render(padding: number, through: (source: Readable) => Readable): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(page(padding), {
      onAllReady() {
        const body = new PassThrough();
        pipe(body);
        text(through(body)).then(resolve, reject);
      },
      onShellError: reject,
    });
  });
}

describe('createNulStrippingStream', () => {
  const paddings = Array.from({ length: 16 }, (_, i) => i);

  it('is needed: React 18 leaves NUL bytes at buffer ends on Cyrillic pages', async () => {
    const pages = await Promise.all(paddings.map((padding) => render(padding, (body) => body)));
    expect(pages.some((html) => html.includes('\0'))).toBe(true);
  });

  it('removes them and keeps every letter', async () => {
    for (const padding of paddings) {
      const html = await render(padding, (body) => body.pipe(createNulStrippingStream()));
      expect(html).not.toContain('\0');
      expect(html.match(/<li>Слишком<\/li>/g)).toHaveLength(300);
    }
  });

  it('passes chunks without NUL bytes through untouched', async () => {
    const stream = createNulStrippingStream();
    const chunk = Buffer.from('Слишком много попыток');
    stream.end(chunk);
    expect(await text(stream)).toBe('Слишком много попыток');
  });
});
