import { useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { announce } from '~/client/announce';
import { isWaitMessage } from '#shared/too-many-attempts';

const copy = {
  title: 'Исправьте ошибки',
  rules: 'Поля без пометки «необязательно» обязательны для заполнения.',
};

/** What the summary reads from conform's `form` (useSchemaForm's first result). */
interface FormState {
  id: string;
  errorId: string;
  status?: 'success' | 'error';
  errors?: string[];
  allErrors: Record<string, string[] | undefined>;
}

interface FormAlertProps {
  form: FormState;
  /** Errors of the whole form, when the screen gathers them itself (default: `form.errors`). */
  errors?: string[];
  /** Fields without an input of their own (hidden ones), whose errors `errors` already shows. */
  unlinked?: string[];
  /** Whether to state the rule of required fields (default yes; no for a form of a button alone). */
  rules?: boolean;
  /**
   * The fields' labels by name, in the form's order (a form's `copy` will do: other keys are never asked for), so
   * that each item of the summary names its field, «Имя: Не более 50 символов», in the order of the fields.
   */
  labels?: Readonly<Record<string, unknown>>;
}

/** «Имя: Не более 50 символов», or the message alone for a field without a label. */
function summaryItem(label: unknown, messages: string[]): string {
  const text = messages.join(' ');
  return typeof label === 'string' && label !== '' ? `${label}: ${text}` : text;
}

/**
 * The top of every form (docs/decisions/222-accessibility-mechanisms.md, the GOV.UK error summary): a sentence that
 * says which fields are required, then, after a failed submit, a heading and one link per field error that names
 * the field and takes focus to it (`#` and the field's id), below the errors of the whole form. The summary
 * receives focus after every failed submit — checked in the browser or by the action — and, without JavaScript,
 * on the page the action renders (`autofocus`). Each field keeps its own message next to it (Field, Checkbox).
 */
export function FormAlert({ form, errors = form.errors, unlinked = [], rules = true, labels = {} }: FormAlertProps) {
  const summary = useRef<HTMLDivElement>(null);
  const submitted = useRef(false);
  const [active, setActive] = useState(form.status === 'error');
  const [focusPending, setFocusPending] = useState(false);
  const navigation = useNavigation();

  useEffect(() => {
    const element = document.getElementById(form.id);
    const onSubmit = () => (submitted.current = true);
    element?.addEventListener('submit', onSubmit);
    return () => element?.removeEventListener('submit', onSubmit);
  }, [form.id]);

  useEffect(() => {
    if (form.status !== 'error') setFocusPending(false);
    if (!submitted.current || navigation.state !== 'idle' || form.status === undefined) return;
    submitted.current = false;
    if (form.status !== 'error') return;
    setActive(true);
    setFocusPending(true);
  }, [form.status, navigation.state]);

  // In the order of the labels (a form's copy follows its fields), whatever order the schema found them in.
  const order = Object.keys(labels);
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  const fieldErrors = active
    ? Object.entries(form.allErrors)
        .filter(
          (entry): entry is [string, string[]] => entry[0] !== '' && !unlinked.includes(entry[0]) && !!entry[1]?.length,
        )
        .sort(([a], [b]) => rank(a) - rank(b))
    : [];
  const shown = !!errors?.length || fieldErrors.length > 0;
  // «Слишком много попыток…» alone asks only to wait: there is nothing to correct, so no «Исправьте ошибки».
  const toCorrect = fieldErrors.length > 0 || !errors?.every(isWaitMessage);
  const titleId = `${form.id}-summary`;

  // Once the new errors are on the page; after conform's own focus on the first invalid field.
  useEffect(() => {
    if (!focusPending || !shown) return;
    setFocusPending(false);
    summary.current?.focus();
  }, [focusPending, shown]);

  return (
    <>
      {rules ? <p className="form-rules">{copy.rules}</p> : null}
      <div
        ref={summary}
        className="form-alert"
        role="alert"
        tabIndex={-1}
        aria-labelledby={shown ? (toCorrect ? titleId : form.errorId) : undefined}
        // Without JavaScript the page the action rendered focuses the summary by itself.
        autoFocus={shown && form.status === 'error'}
      >
        {shown ? (
          <>
            {toCorrect ? (
              <h2 id={titleId} className="form-alert__title">
                {copy.title}
              </h2>
            ) : null}
            <div id={form.errorId} className="form-alert__messages">
              {errors?.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </div>
            {fieldErrors.length > 0 ? (
              <ul className="form-alert__list">
                {fieldErrors.map(([name, messages]) => (
                  <li key={name}>
                    <a href={`#${form.id}-${name}`} onClick={focusField}>
                      {summaryItem(Object.hasOwn(labels, name) ? labels[name] : undefined, messages)}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        ) : null}
      </div>
    </>
  );
}

/** Focus without a hash change: a new location would be a navigation, and the form's errors would be gone. */
function focusField(event: MouseEvent<HTMLAnchorElement>) {
  const field = document.getElementById(event.currentTarget.hash.slice(1));
  if (!field) return;
  event.preventDefault();
  field.focus();
}

/**
 * A confirmation after a form was handled («Код отправлен», «Изменения сохранены»). A page that shows one after
 * a save gives it the id its redirect's fragment names (`savedLocation`), so the browser scrolls to it. A status
 * region that arrives already filled is not read by every screen reader, so one shown by a navigation in the
 * page is also said through the page's live region; on a loaded page it is read with the page.
 */
export function FormNotice({ children, id }: { children: string; id?: string }) {
  useEffect(() => announce(children), [children]);
  return (
    <p className="form-notice" role="status" id={id}>
      {children}
    </p>
  );
}
