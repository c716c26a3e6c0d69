import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { partAt, ReadingNotes, readingParts, ReadingPlayer, type ReadingView } from './dictation-reading';

const READING: ReadingView = {
  src: '/dictation/abc/reading',
  opening: { start: 0, end: 30 },
  fragments: [
    { start: 33, end: 40 },
    { start: 48, end: 55 },
  ],
  closing: { start: 66, end: 96 },
};

const render = (element: React.ReactElement) => renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>);

describe('the reading as the server renders it', () => {
  it('is a plain player that needs no script, without captions; the notes keep the way to support', () => {
    const html = render(<ReadingPlayer reading={READING} />);
    expect(html).toContain('<audio controls="" preload="none" src="/dictation/abc/reading"');
    expect(html).not.toContain('<track');
    // The part buttons come with the script: without it they would do nothing.
    expect(html).not.toContain('Повторить фрагмент');
    const notes = render(<ReadingNotes reading={READING} />);
    // The player loads nothing until played (its clock reads 0:00): the notes say how long the recording is.
    expect(notes).toContain('Запись длится 1 минуту 36 секунд. Сначала текст читается целиком');
    expect(render(<ReadingNotes reading={{ closing: { start: 200, end: 299.2 } }} />)).toContain(
      'Запись длится 5 минут. Сначала',
    );
    expect(render(<ReadingNotes reading={{ closing: { start: 10, end: 42 } }} />)).toContain(
      'Запись длится 42 секунды. Сначала',
    );
    expect(notes).toContain('Если вы не можете прослушать запись, ');
    expect(notes).toContain('href="/lk/support">напишите в поддержку</a>');
  });

  it('says in Russian that the recording is not available when there is none', () => {
    const html = render(<ReadingPlayer reading={null} />);
    expect(html).not.toContain('<audio');
    expect(html).toContain('Запись чтения сейчас недоступна.');
    expect(render(<ReadingNotes reading={null} />)).toContain('напишите в поддержку');
  });
});

describe('the parts of the reading (ADR 241)', () => {
  it('are the opening reading, each fragment and the closing reading, in order', () => {
    expect(readingParts(READING).map((part) => (part.kind === 'fragment' ? part.n : part.kind))).toEqual([
      'opening',
      1,
      2,
      'closing',
    ]);
  });

  it('place a moment of the recording in the part that has started by then, its pause to write included', () => {
    const list = readingParts(READING);
    expect([0, 6, 32.9, 33, 45, 50, 60, 70, 96].map((time) => partAt(list, time))).toEqual([0, 0, 0, 1, 1, 2, 2, 3, 3]);
  });
});
