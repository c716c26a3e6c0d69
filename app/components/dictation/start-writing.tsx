import { Form } from '@remix-run/react';
import { SubmitButton } from '~/components/form/submit-button';
import { formatMoscowDateTime, pluralize } from '~/lib/format';

const copy = {
  lead: 'Прочитайте, как проходит диктант. Время пойдёт только после нажатия «Начать диктант».',
  rulesTitle: 'Что будет дальше',
  minutes: { one: 'минута', few: 'минуты', many: 'минут' },
  rules: (limit: string, closes: string) => [
    `На текст — ${limit} с нажатия «Начать диктант». Время считает сервер: обновление страницы, закрытая вкладка или другое устройство его не останавливают.`,
    `Приём текстов закрывается ${closes}: если начать позже, чем за это время до закрытия, времени будет меньше.`,
    'Текст сохраняется сам каждые несколько секунд. Если пропадёт связь, он сохранится в этом браузере и уйдёт на сервер, когда связь вернётся.',
    'Когда закончите, нажмите «Завершить диктант». Если время выйдет раньше, на проверку уйдёт последний сохранённый текст.',
  ],
  start: 'Начать диктант',
};

/**
 * What the personal link shows before the time starts (ADR 025): the time limit and the rules, and the one
 * button that starts the time — a POST, so a mail scanner or a link preview opening the link starts nothing.
 */
export function StartWriting({
  timeLimitMinutes,
  writingClosesAt,
}: {
  timeLimitMinutes: number;
  writingClosesAt: string;
}) {
  const limit = pluralize(timeLimitMinutes, copy.minutes);
  return (
    <div className="card dictation-start">
      <p>{copy.lead}</p>
      <h2>{copy.rulesTitle}</h2>
      <ul>
        {copy.rules(limit, formatMoscowDateTime(writingClosesAt)).map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <Form method="post" className="form-actions">
        <input type="hidden" name="intent" value="start" />
        <SubmitButton label={copy.start} />
      </Form>
    </div>
  );
}
