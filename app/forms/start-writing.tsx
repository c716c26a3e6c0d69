import { Form } from '@remix-run/react';
import { SubmitButton } from '~/components/form/submit-button';
import { formatMoscowDateTime } from '#shared/moscow-time';
import { plural } from '#shared/plural';

const copy = {
  soundTitle: 'Проверьте звук',
  sound:
    'Нажмите ▶: прозвучат несколько слов голосом, которым будет прочитан диктант. Если их не слышно, прибавьте громкость или подключите наушники.',
  soundPlayer: 'Проверка звука',
  noAudio: 'Ваш браузер не воспроизводит аудио. Откройте диктант в другом браузере.',
  noSound: 'Проверка звука сейчас недоступна. Запись чтения будет на странице диктанта.',
  readyTitle: 'Готовы?',
  ready: (limit: string) => `На текст — ${limit}. Время пойдёт только после нажатия «Начать диктант».`,
  rulesTitle: 'Как проходит диктант',
  minutes: { one: 'минута', few: 'минуты', many: 'минут' },
  rules: (limit: string, closes: string) => [
    `На текст — ${limit} с нажатия «Начать диктант». Время считает сервер: обновление страницы, закрытая вкладка или другое устройство его не останавливают.`,
    `Приём текстов закрывается ${closes}: если начать позже, чем за это время до закрытия, времени будет меньше.`,
    'Плеер с чтением будет над полем для текста: текст читается целиком, затем по фрагментам, каждый дважды, и в конце ещё раз целиком. Любой фрагмент можно переслушать.',
    'Сохраняйте текст кнопкой «Сохранить»; в современном браузере он сохраняется и сам, каждые несколько секунд, а без связи — в этом браузере.',
    'Когда закончите, нажмите «Завершить диктант». Если время выйдет раньше, на проверку уйдёт последний сохранённый текст.',
  ],
  start: 'Начать диктант',
};

/**
 * What the personal link shows before the time starts (ADR 241): a sound check — a few seconds of the
 * reader's voice, a plain `<audio controls>` that needs no script — then «Готовы?» with the one button that starts
 * the time (a POST, so a mail scanner or a link preview opening the link starts nothing), and the rules below it.
 * Someone who has started already never sees this page: the link opens the writing.
 */
export function StartWriting({
  soundCheck,
  timeLimitMinutes,
  writingClosesAt,
}: {
  /** The sound check's address on the portal, or null when there is none to play. */
  soundCheck: string | null;
  timeLimitMinutes: number;
  writingClosesAt: string;
}) {
  const limit = plural(timeLimitMinutes, copy.minutes);
  return (
    <>
      <section className="card dictation-start" aria-labelledby="sound-check-title">
        <h2 id="sound-check-title">{copy.soundTitle}</h2>
        {soundCheck ? (
          <>
            <p>{copy.sound}</p>
            <audio
              className="dictation-start__sound"
              controls
              // A few seconds: its length is loaded with the page, so the player never reads «0:00 / 0:00».
              preload="metadata"
              src={soundCheck}
              aria-label={copy.soundPlayer}
            >
              {copy.noAudio}
            </audio>
          </>
        ) : (
          <p>{copy.noSound}</p>
        )}
        <h2 id="ready-title">{copy.readyTitle}</h2>
        <p>{copy.ready(limit)}</p>
        <Form method="post" className="form-actions" aria-labelledby="ready-title">
          <input type="hidden" name="intent" value="start" />
          <SubmitButton label={copy.start} />
        </Form>
      </section>
      <section className="card dictation-start" aria-labelledby="rules-title">
        <h2 id="rules-title">{copy.rulesTitle}</h2>
        <ul>
          {copy.rules(limit, formatMoscowDateTime(writingClosesAt)).map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </section>
    </>
  );
}
