import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from '@conform-to/react';
import { Form, Link, useRevalidator } from '@remix-run/react';
import { useCallback, useRef, type FormEvent } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Countdown } from '~/components/countdown';
import { ReadingPlayer, type ReadingView } from '~/components/dictation/dictation-reading';
import { FieldMessages } from '~/components/form/field-messages';
import { FormAlert } from '~/components/form/form-alert';
import { useSchemaForm } from '~/components/form/use-schema-form';
import { formatMoscowTime } from '#shared/moscow-time';
import { CONFLICT_MESSAGE, useAutosave, type Conflict, type SaveStatus } from '~/client/dictation/use-autosave';
import { useLocalDraft } from '~/client/dictation/use-local-draft';

const loadSchema = () => import('./dictation-writer.schema').then((m) => m.dictationTextSchema);

const copy = {
  label: 'Текст диктанта',
  /** The hint says how this page saves: by itself once the page's script runs, else by «Сохранить». */
  hint: 'Пишите так, как слышите. Текст сохраняется сам каждые несколько секунд, а без связи — в этом браузере; кнопка «Сохранить» сохраняет его сразу.',
  hintByButton: 'Пишите так, как слышите. Чтобы текст сохранился на сервере, нажимайте «Сохранить».',
  save: 'Сохранить',
  finish: 'Завершить диктант',
  confirm: 'Завершить диктант? После этого текст нельзя будет изменить.',
  countdown: 'До конца диктанта осталось',
  endsAt: (at: string) => `Время на текст — до ${formatMoscowTime(at)}`,
  warning: 'Скоро время закончится. Проверьте текст: он сохраняется автоматически.',
  savedAt: (at: string) => `Текст сохранён на сервере в ${formatMoscowTime(at)}`,
  notSavedYet: 'Текст ещё не сохранялся.',
  changed: 'Есть несохранённые изменения.',
  savedAtByButton: (at: string) =>
    `Текст сохранён на сервере в ${formatMoscowTime(at)}. Новое сохранится, когда вы нажмёте «Сохранить».`,
  notSavedYetByButton: 'Текст ещё не сохранялся: нажмите «Сохранить», когда что-нибудь напишете.',
  offline: 'Нет связи: текст сохранён в этом браузере и будет отправлен, когда связь восстановится.',
  offlinePageOnly: 'Нет связи с сервером. Текст остаётся на странице и сохранится, как только связь вернётся.',
  restored: 'В поле возвращён текст, сохранённый в этом браузере без связи.',
  offer:
    'В этом браузере сохранён текст, который не дошёл до сервера, а на сервере с тех пор сохранён другой, более новый (с другого устройства или вкладки).',
  accept: 'Вернуть текст из этого браузера',
  dismiss: 'Оставить текст с сервера',
  late: 'Время вышло: текст, отправленный после окончания, не принят. На проверку ушёл текст, сохранённый вовремя:',
  timeUp: 'Время вышло. Диктант сдан: на проверку ушёл последний сохранённый текст.',
  results: 'Результаты появятся в личном кабинете, в разделе «Диктанты».',
  conflict: CONFLICT_MESSAGE,
  bothKept: 'Ваш текст остался в поле ниже, а сохранённый на сервере — здесь.',
  theirs: (at: string | null) => (at ? `Текст на сервере (сохранён в ${formatMoscowTime(at)})` : 'Текст на сервере'),
  keepMine: 'Сохранить текст из этого поля',
  takeTheirs: 'Взять текст с сервера',
};

interface Props {
  code: string;
  participationId: number;
  text: string;
  revision: number;
  savedAt: string | null;
  remainingMs: number;
  /** When the time runs out, as the server has it: what the page says before (or without) a ticking clock. */
  deadline: string;
  reading: ReadingView | null;
  lastResult?: SubmissionResult<string[]> | null;
  /**
   * The page's form met another text on the server: `text` is this page's, `conflict` the server's, shown
   * side by side until the participant chooses.
   */
  conflict?: Conflict | null;
}

/**
 * The writing form of a personal dictation: one labelled field, saved as the participant writes
 * (useAutosave) and by «Сохранить», which also works without JavaScript; «Завершить диктант» after a
 * confirmation. The countdown shows the upstream's time limit; at zero the last text goes in and the field locks.
 */
export function DictationWriter({
  code,
  participationId,
  text,
  revision,
  savedAt,
  remainingMs,
  deadline,
  reading,
  lastResult,
  conflict = null,
}: Props) {
  const hydrated = useHydrated();
  const [form, fields] = useSchemaForm(loadSchema, {
    id: 'dictation',
    lastResult,
    defaultValue: { text, revision: String(revision + 1) },
  });
  const revalidator = useRevalidator();
  const onClosed = useCallback(() => revalidator.revalidate(), [revalidator]);
  const autosave = useAutosave({
    url: `/dictation/${code}/text`,
    fieldId: fields.text.id,
    participationId,
    revision,
    text,
    savedAt,
    conflict,
    onClosed,
  });
  const draft = useLocalDraft({ participationId, fieldId: fields.text.id, text, revision, save: autosave.save });
  const revisionField = useRef<HTMLInputElement>(null);
  const confirmedField = useRef<HTMLInputElement>(null);
  const formProps = getFormProps(form);
  const hintId = `${fields.text.id}-hint`;
  const { key, ...textarea } = getTextareaProps(fields.text, { ariaDescribedBy: `${hintId} dictation-status` });
  const { status } = autosave;
  const over = status.kind === 'late' || status.kind === 'timeUp';

  /** With JavaScript «Сохранить» saves in place, and «Завершить» asks first; each send takes the next revision. */
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === 'save') {
      event.preventDefault();
      void (status.kind === 'conflict' ? autosave.keepMine() : autosave.save());
      return;
    }
    if (submitter?.value === 'finish') {
      if (!window.confirm(copy.confirm)) {
        event.preventDefault();
        return;
      }
      confirmedField.current!.value = '1';
      revisionField.current!.value = String(autosave.nextRevision());
    }
    formProps.onSubmit(event);
  }

  return (
    <div className="dictation-writer">
      <Form method="post" className="form" {...formProps} onSubmit={onSubmit}>
        {/*
          The time, the saving and the reading's player stay in view above the text as one types, on a phone too,
          so that a fragment is replayed without scrolling away from the text.
        */}
        <div className="dictation-writer__bar">
          <div className="dictation-writer__state">
            {over ? null : (
              <Countdown
                remainingMs={remainingMs}
                endsAt={copy.endsAt(deadline)}
                label={copy.countdown}
                warning={copy.warning}
                onExpire={() => void autosave.expire()}
              />
            )}
            <StatusLine status={status} byButton={!hydrated} />
          </div>
          {over ? null : <ReadingPlayer reading={reading} />}
        </div>
        <FormAlert form={form} unlinked={['revision']} rules={false} labels={{ text: copy.label }} />
        <input {...getInputProps(fields.revision, { type: 'hidden' })} key={fields.revision.key} ref={revisionField} />
        <input type="hidden" name="confirmed" defaultValue="" ref={confirmedField} />
        {status.kind === 'conflict' ? (
          <div className="card dictation-writer__offer" role="group" aria-labelledby="dictation-conflict">
            <p id="dictation-conflict">{copy.bothKept}</p>
            <div className="field">
              <label htmlFor="dictation-theirs">{copy.theirs(status.theirs.savedAt)}</label>
              <textarea id="dictation-theirs" rows={6} readOnly value={status.theirs.text} />
            </div>
            <div className="form-actions">
              {/* Without JavaScript: the form's own «Сохранить» at the server's revision plus one, and a reload. */}
              <button type="submit" name="intent" value="save" className="button">
                {copy.keepMine}
              </button>
              <Link
                to="."
                className="button button--quiet"
                onClick={(event) => {
                  event.preventDefault();
                  autosave.takeTheirs();
                }}
              >
                {copy.takeTheirs}
              </Link>
            </div>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={fields.text.id}>{copy.label}</label>
          <textarea
            key={key}
            {...textarea}
            rows={14}
            spellCheck={false}
            autoCorrect="off"
            autoCapitalize="off"
            readOnly={over}
          />
          <FieldMessages field={fields.text} hint={hydrated ? copy.hint : copy.hintByButton} />
        </div>
        {draft.restored ? <p className="dictation-writer__status">{copy.restored}</p> : null}
        {draft.offer !== null ? (
          <div className="card dictation-writer__offer" role="status">
            <p>{copy.offer}</p>
            <div className="form-actions">
              <button type="button" className="button" onClick={draft.accept}>
                {copy.accept}
              </button>
              <button type="button" className="button button--quiet" onClick={draft.dismiss}>
                {copy.dismiss}
              </button>
            </div>
          </div>
        ) : null}
        {over ? (
          <p>{copy.results}</p>
        ) : (
          <div className="form-actions">
            <button type="submit" name="intent" value="save" className="button button--quiet">
              {copy.save}
            </button>
            <button type="submit" name="intent" value="finish" className="button">
              {copy.finish}
            </button>
          </div>
        )}
      </Form>
    </div>
  );
}

/**
 * Where the saving stands, above the field; the live region (useAutosave) speaks only when it matters. Without
 * the page's script nothing saves by itself, and the line says that «Сохранить» does.
 */
function StatusLine({ status, byButton }: { status: SaveStatus; byButton: boolean }) {
  const text =
    status.kind === 'saved'
      ? status.savedAt
        ? (byButton ? copy.savedAtByButton : copy.savedAt)(status.savedAt)
        : byButton
          ? copy.notSavedYetByButton
          : copy.notSavedYet
      : status.kind === 'changed'
        ? copy.changed
        : status.kind === 'offline'
          ? status.local
            ? copy.offline
            : copy.offlinePageOnly
          : status.kind === 'invalid'
            ? status.message
            : status.kind === 'conflict'
              ? copy.conflict
              : status.kind === 'late'
                ? copy.late
                : copy.timeUp;
  return (
    <p id="dictation-status" className="dictation-writer__status" data-state={status.kind}>
      {text}
    </p>
  );
}
