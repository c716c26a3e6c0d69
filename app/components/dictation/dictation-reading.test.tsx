import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { DictationReading } from './dictation-reading';

const render = (reading: Parameters<typeof DictationReading>[0]['reading']) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <DictationReading reading={reading} />
    </MemoryRouter>,
  );

describe('DictationReading as the server renders it', () => {
  it('is a plain player that needs no script, without captions, and the way to support', () => {
    const html = render({ src: '/dictation/abc/reading', fragments: [{ start: 1, end: 2 }] });
    expect(html).toContain('<audio controls="" preload="none" src="/dictation/abc/reading"');
    expect(html).not.toContain('<track');
    // The fragment buttons come with the script: without it they would do nothing.
    expect(html).not.toContain('Повторить фрагмент');
    expect(html).toContain('Если вы не можете прослушать запись, ');
    expect(html).toContain('href="/lk/support">напишите в поддержку</a>');
  });

  it('says in Russian that the recording is not available when there is none', () => {
    const html = render(null);
    expect(html).not.toContain('<audio');
    expect(html).toContain('Запись чтения сейчас недоступна.');
    expect(html).toContain('напишите в поддержку');
  });
});
