import { useRef, useState } from 'react';
import { Link } from '@remix-run/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { plural } from '#shared/plural';

const copy = {
  title: 'Чтение диктанта',
  length: (minutes: number, seconds: number) =>
    `Запись длится ${[
      minutes ? plural(minutes, { one: 'минуту', few: 'минуты', many: 'минут' }) : '',
      seconds ? plural(seconds, { one: 'секунду', few: 'секунды', many: 'секунд' }) : '',
    ]
      .filter(Boolean)
      .join(' ')}.`,
  lead: 'Сначала текст читается целиком, затем по фрагментам — каждый дважды, с паузой, чтобы записать, — и в конце ещё раз целиком. Плеер — над полем для текста, рядом с таймером.',
  player: 'Запись чтения диктанта',
  noAudio: 'Ваш браузер не воспроизводит аудио. Откройте диктант в другом браузере.',
  unavailable: 'Запись чтения сейчас недоступна.',
  fragments: 'Фрагменты',
  cannotHear: 'Если вы не можете прослушать запись, ',
  cannotHearLink: 'напишите в поддержку',
  cannotHearRest:
    ' (тема «Диктант»): организаторы подберут другой способ участия, например диктант с сурдопереводчиком.',
};

/** What each part of the reading is called: where the player stands, what a button plays, where it goes. */
const parts = {
  opening: {
    position: 'Чтение целиком',
    play: 'Прослушать чтение целиком',
    short: 'Целиком',
    goTo: 'К чтению целиком',
  },
  closing: {
    position: 'Чтение для проверки',
    play: 'Прослушать чтение для проверки',
    short: 'Для проверки',
    goTo: 'К чтению для проверки',
  },
  fragment: {
    position: (n: number, total: number) => `Фрагмент ${n} из ${total}`,
    play: (n: number) => `Повторить фрагмент ${n}`,
    short: (n: number) => `Фрагмент ${n}`,
    previous: 'Предыдущий фрагмент',
    next: 'Следующий фрагмент',
  },
};

interface Span {
  start: number;
  end: number;
}

export interface ReadingView {
  src: string;
  fragments: Span[];
  /** The whole text read through before the fragments, and again after them to check. */
  opening: Span;
  closing: Span;
}

type Part = Span & ({ kind: 'opening' | 'closing' } | { kind: 'fragment'; n: number });

/** The recording's real parts in order: the opening reading, each fragment, the closing reading. */
export function readingParts(reading: Pick<ReadingView, 'fragments' | 'opening' | 'closing'>): Part[] {
  return [
    { kind: 'opening', ...reading.opening },
    ...reading.fragments.map((fragment, index) => ({ kind: 'fragment' as const, n: index + 1, ...fragment })),
    { kind: 'closing', ...reading.closing },
  ];
}

/** The part the player is in at `time`: the last one started by then (a fragment's pause to write is its own). */
export function partAt(list: Part[], time: number): number {
  let index = 0;
  list.forEach((part, i) => {
    if (part.start <= time + 0.05) index = i;
  });
  return index;
}

const positionOf = (part: Part, total: number) =>
  part.kind === 'fragment' ? parts.fragment.position(part.n, total) : parts[part.kind].position;
const playLabel = (part: Part) => (part.kind === 'fragment' ? parts.fragment.play(part.n) : parts[part.kind].play);
/** On a narrow or short screen the button shows a short name; its accessible name stays the full one. */
const shortLabel = (part: Part) => (part.kind === 'fragment' ? parts.fragment.short(part.n) : parts[part.kind].short);
const goToLabel = (part: Part, direction: 'previous' | 'next') =>
  part.kind === 'fragment' ? parts.fragment[direction] : parts[part.kind].goTo;

/**
 * The compact player of the reading, which the writing form keeps beside its sticky timer, so
 * a fragment can be replayed without scrolling away from the text. A plain `<audio controls>` plays and seeks
 * without JavaScript; with it, the buttons go through the recording's parts — the opening reading, each fragment,
 * the closing reading — play one and stop at its end, and the position shown follows what plays. Nothing of the
 * text is on the page: no transcript, no captions.
 */
export function ReadingPlayer({ reading }: { reading: ReadingView | null }) {
  const audio = useRef<HTMLAudioElement>(null);
  /** The part a button is playing, which stops at its end; null once it has, or after a seek by hand. */
  const playing = useRef<Span | null>(null);
  /** The buttons need JavaScript: the server's page and the first render in the browser have none. */
  const hydrated = useHydrated();
  const [current, setCurrent] = useState(0);
  const [failed, setFailed] = useState(false);

  if (!reading || failed) {
    return (
      <p className="reading-player__unavailable" role={failed ? 'alert' : undefined}>
        {copy.unavailable}
      </p>
    );
  }
  const list = readingParts(reading);
  const fragmentCount = reading.fragments.length;
  const part = list[current]!;
  const play = (index: number) => {
    const player = audio.current;
    const target = list[index];
    if (!player || !target) return;
    setCurrent(index);
    playing.current = target;
    player.currentTime = target.start;
    void player.play().catch(() => {});
  };
  const onTimeUpdate = () => {
    const player = audio.current;
    if (!player) return;
    if (playing.current && player.currentTime >= playing.current.end) {
      playing.current = null;
      player.pause();
      return;
    }
    // Played on by hand, the position follows the recording.
    if (!playing.current) setCurrent(partAt(list, player.currentTime));
  };

  return (
    <div className="reading-player">
      <audio
        ref={audio}
        controls
        preload="none"
        src={reading.src}
        aria-label={copy.player}
        onTimeUpdate={onTimeUpdate}
        onSeeking={() => {
          // A seek by hand (not by a button) plays on from there.
          const target = playing.current;
          const at = audio.current?.currentTime ?? 0;
          if (target && (at < target.start - 0.5 || at > target.end)) playing.current = null;
        }}
        onError={() => setFailed(true)}
      >
        {copy.noAudio}
      </audio>
      {hydrated ? (
        <div className="reading-player__parts" role="group" aria-label={copy.fragments}>
          <button
            type="button"
            className="button button--quiet reading-player__step"
            disabled={current === 0}
            aria-label={current > 0 ? goToLabel(list[current - 1]!, 'previous') : parts.fragment.previous}
            onClick={() => play(current - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="button reading-player__play"
            aria-label={playLabel(part)}
            onClick={() => play(current)}
          >
            <span className="reading-player__long">{playLabel(part)}</span>
            <span className="reading-player__short">
              <span aria-hidden="true">▶ </span>
              {shortLabel(part)}
            </span>
          </button>
          <button
            type="button"
            className="button button--quiet reading-player__step"
            disabled={current === list.length - 1}
            aria-label={current < list.length - 1 ? goToLabel(list[current + 1]!, 'next') : parts.fragment.next}
            onClick={() => play(current + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
          <p aria-live="polite" className="reading-player__position">
            {positionOf(part, fragmentCount)}
          </p>
        </div>
      ) : null}
    </div>
  );
}

/** How long the recording is, from its parts: the closing reading ends it. */
export function readingLength(reading: Pick<ReadingView, 'closing'>): number {
  return Math.ceil(reading.closing.end);
}

/**
 * Below the writing: how long the recording is and how the dictation is read, and the way to another form of
 * taking part. The length is said here, from the reading's parts: the player loads nothing until it plays
 * (ADR 241), so until then its own clock reads 0:00.
 */
export function ReadingNotes({ reading }: { reading: Pick<ReadingView, 'closing'> | null }) {
  const length = reading ? readingLength(reading) : 0;
  return (
    <section className="card dictation-reading" aria-labelledby="dictation-reading-title">
      <h2 id="dictation-reading-title">{copy.title}</h2>
      <p>{reading ? `${copy.length(Math.floor(length / 60), length % 60)} ${copy.lead}` : copy.unavailable}</p>
      <p>
        {copy.cannotHear}
        <Link to="/lk/support">{copy.cannotHearLink}</Link>
        {copy.cannotHearRest}
      </p>
    </section>
  );
}
