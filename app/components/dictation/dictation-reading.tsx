import { useRef, useState } from 'react';
import { Link } from '@remix-run/react';
import { useHydrated } from 'remix-utils/use-hydrated';

const copy = {
  title: 'Чтение диктанта',
  lead: 'Сначала текст читается целиком, затем по фрагментам — каждый дважды, с паузой, чтобы записать, — и в конце ещё раз целиком.',
  player: 'Запись чтения диктанта',
  noAudio: 'Ваш браузер не воспроизводит аудио. Откройте диктант в другом браузере.',
  unavailable: 'Запись чтения сейчас недоступна.',
  fragments: 'Фрагменты',
  previous: 'Предыдущий фрагмент',
  next: 'Следующий фрагмент',
  repeat: (n: number) => `Повторить фрагмент ${n}`,
  position: (n: number, total: number) => `Фрагмент ${n} из ${total}`,
  cannotHear: 'Если вы не можете прослушать запись, ',
  cannotHearLink: 'напишите в поддержку',
  cannotHearRest:
    ' (тема «Мероприятия и трансляции»): организаторы подберут другой способ участия, например диктант с сурдопереводчиком.',
};

export interface ReadingView {
  src: string;
  fragments: Array<{ start: number; end: number }>;
}

/**
 * The dictation read aloud (ADR 043). A plain `<audio controls>` plays and seeks without JavaScript; with it, the
 * fragments can be replayed one by one (each button plays a fragment's two readings and stops). Nothing of the
 * text is on the page: no transcript, no captions.
 */
export function DictationReading({ reading }: { reading: ReadingView | null }) {
  const audio = useRef<HTMLAudioElement>(null);
  /** The fragment a button is playing, which stops at its end; null once it has, or after a seek by hand. */
  const playing = useRef<{ start: number; end: number } | null>(null);
  /** The fragment buttons need JavaScript: the server's page and the first render in the browser have none. */
  const hydrated = useHydrated();
  const [current, setCurrent] = useState(0);
  const [failed, setFailed] = useState(false);

  const fragments = reading?.fragments ?? [];
  const play = (index: number) => {
    const player = audio.current;
    const fragment = fragments[index];
    if (!player || !fragment) return;
    setCurrent(index);
    playing.current = fragment;
    player.currentTime = fragment.start;
    void player.play().catch(() => {});
  };
  const onTimeUpdate = () => {
    const player = audio.current;
    if (player && playing.current && player.currentTime >= playing.current.end) {
      playing.current = null;
      player.pause();
    }
  };

  return (
    <section className="card dictation-reading" aria-labelledby="dictation-reading-title">
      <h2 id="dictation-reading-title">{copy.title}</h2>
      {reading && !failed ? (
        <>
          <p>{copy.lead}</p>
          <audio
            ref={audio}
            controls
            preload="none"
            src={reading.src}
            aria-label={copy.player}
            onTimeUpdate={onTimeUpdate}
            onSeeking={() => {
              // A seek by hand (not by a fragment button) plays on from there.
              const fragment = playing.current;
              const at = audio.current?.currentTime ?? 0;
              if (fragment && (at < fragment.start - 0.5 || at > fragment.end)) playing.current = null;
            }}
            onError={() => setFailed(true)}
          >
            {copy.noAudio}
          </audio>
          {hydrated && fragments.length > 0 ? (
            <div className="dictation-reading__fragments" role="group" aria-label={copy.fragments}>
              <button
                type="button"
                className="button button--quiet"
                disabled={current === 0}
                onClick={() => play(current - 1)}
              >
                {copy.previous}
              </button>
              <button type="button" className="button" onClick={() => play(current)}>
                {copy.repeat(current + 1)}
              </button>
              <button
                type="button"
                className="button button--quiet"
                disabled={current === fragments.length - 1}
                onClick={() => play(current + 1)}
              >
                {copy.next}
              </button>
              <p aria-live="polite" className="dictation-reading__position">
                {copy.position(current + 1, fragments.length)}
              </p>
            </div>
          ) : null}
        </>
      ) : (
        <p role={failed ? 'alert' : undefined}>{copy.unavailable}</p>
      )}
      <p>
        {copy.cannotHear}
        <Link to="/lk/support">{copy.cannotHearLink}</Link>
        {copy.cannotHearRest}
      </p>
    </section>
  );
}
