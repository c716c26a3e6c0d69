import { PassThrough, type Readable, type Writable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { createElement, Suspense, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createDocumentStream } from './document-stream.server';

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

describe('createDocumentStream: NUL bytes', () => {
  const paddings = Array.from({ length: 16 }, (_, i) => i);

  it('is needed: React 18 leaves NUL bytes at buffer ends on Cyrillic pages', async () => {
    const pages = await Promise.all(paddings.map((padding) => render(padding, (body) => body)));
    expect(pages.some((html) => html.includes('\0'))).toBe(true);
  });

  it('removes them and keeps every letter', async () => {
    for (const padding of paddings) {
      const html = await render(padding, (body) => body.pipe(createDocumentStream()));
      expect(html).not.toContain('\0');
      expect(html.match(/<li>Слишком<\/li>/g)).toHaveLength(300);
    }
  });

  it('passes chunks without NUL bytes through untouched', async () => {
    const stream = createDocumentStream();
    const chunk = Buffer.from('Слишком много попыток');
    stream.end(chunk);
    expect(await text(stream)).toBe('Слишком много попыток');
  });
});

/** The chunks React's output reaches the response in, rendered straight into `destination` as entry.server does. */
function chunksOf(element: ReactNode, destination: Writable & Readable): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    destination.on('data', (chunk: Buffer) => chunks.push(chunk));
    destination.on('end', () => resolve(chunks));
    const { pipe } = renderToPipeableStream(element, { onShellReady: () => pipe(destination), onShellError: reject });
  });
}

describe('createDocumentStream: one chunk per React flush', () => {
  it('sends a whole shell as one chunk, where React writes it in 2 KiB pieces', async () => {
    const pieces = await chunksOf(page(0), new PassThrough());
    expect(pieces.length).toBeGreaterThan(2);
    const chunks = await chunksOf(page(0), createDocumentStream());
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.toString()).toBe(Buffer.concat(pieces).toString().replaceAll('\0', ''));
  });

  it('sends a streamed boundary as soon as React has written it, not at the end', async () => {
    let resolveLater!: () => void;
    const later = new Promise<void>((resolve) => (resolveLater = resolve));
    let shown = false;
    function Later() {
      if (!shown) throw later.then(() => (shown = true));
      return createElement('p', null, 'Готово');
    }
    const stream = createDocumentStream();
    const chunks = chunksOf(createElement(Suspense, { fallback: 'Загрузка' }, createElement(Later)), stream);
    await new Promise((resolve) => stream.once('data', resolve));
    resolveLater();
    const all = await chunks;
    expect(all).toHaveLength(2);
    expect(all[0]!.toString()).toContain('Загрузка');
    expect(all[1]!.toString()).toContain('Готово');
  });
});

describe('createDocumentStream: the document ends last (ADR 224)', () => {
  /** A document whose body holds a boundary that resolves after the shell has gone out. */
  function documentWithLateBoundary() {
    let resolveLater!: () => void;
    const later = new Promise<void>((resolve) => (resolveLater = resolve));
    let shown = false;
    function Later() {
      if (!shown) throw later.then(() => (shown = true));
      return createElement('script', { dangerouslySetInnerHTML: { __html: 'window.data = 1;' } });
    }
    const document = createElement(
      'html',
      null,
      createElement(
        'body',
        null,
        createElement('p', null, 'Страница'),
        createElement(Suspense, { fallback: null }, createElement(Later)),
      ),
    );
    return { document, resolveLater };
  }

  it('is needed: React 18 writes what streams later after </html>', async () => {
    const { document, resolveLater } = documentWithLateBoundary();
    const stream = new PassThrough();
    const chunks = chunksOf(document, stream);
    await new Promise((resolve) => stream.once('data', resolve));
    resolveLater();
    const html = Buffer.concat(await chunks).toString();
    expect(html.indexOf('window.data')).toBeGreaterThan(html.indexOf('</html>'));
  });

  it('holds </body></html> back until everything streamed has been written', async () => {
    const { document, resolveLater } = documentWithLateBoundary();
    const stream = createDocumentStream();
    const chunks = chunksOf(document, stream);
    const shell = await new Promise<Buffer>((resolve) => stream.once('data', resolve));
    expect(shell.toString()).toContain('Страница');
    expect(shell.toString()).not.toContain('</html>');
    resolveLater();
    const html = Buffer.concat(await chunks).toString();
    expect(html.match(/<\/body><\/html>/g)).toHaveLength(1);
    expect(html.endsWith('</body></html>')).toBe(true);
    expect(html.indexOf('window.data')).toBeLessThan(html.indexOf('</body>'));
  });

  it('ends a document with nothing streamed exactly as React wrote it', async () => {
    const document = createElement('html', null, createElement('body', null, createElement('p', null, 'Страница')));
    const pieces = await chunksOf(document, new PassThrough());
    const html = Buffer.concat(await chunksOf(document, createDocumentStream())).toString();
    expect(html).toBe(Buffer.concat(pieces).toString());
    expect(html.endsWith('</body></html>')).toBe(true);
  });
});
