import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import type { DictationSession, DictationEventState } from '#contract';
import { handleForm } from '#bff/request/forms.server';
import { isUpstreamError, toErrorPage } from '#bff/rest/errors.server';
import { ReadingNotes, type ReadingView } from '~/components/dictation/dictation-reading';
import { deferredForm } from '~/components/form/deferred-form';
import { formReply } from '~/components/form/form-reply';
import { savedLocation, isSavedSearch } from '~/components/form/use-saved-state';
import { ScreenIntro } from '~/components/screen-intro';
import { ConfirmFinish } from '~/forms/dictation-confirm-finish';
import { readInvitationCode } from '~/server/path-codes.server';
import { saveDictationText, startWriting } from '~/server/dictation/writing.server';
import { formatDate, formatMoscowDateTime, formatMoscowTime } from '#shared/moscow-time';
import { plural } from '#shared/plural';
import { screenMeta } from '~/lib/meta';
import { dictationWritingForms } from '~/forms/dictation-writer.schema';

const copy = {
  fallbackTitle: 'Диктант',
  minutes: { one: 'минута', few: 'минуты', many: 'минут' },
  writingLead: (limit: string) =>
    `На текст — ${limit} с нажатия «Начать диктант». Время считает сервер: обновление страницы или другое устройство его не меняют.`,
  unknownTitle: 'Ссылка не найдена',
  unknown:
    'Приглашение с такой ссылкой не найдено. Проверьте, что ссылка скопирована из письма целиком, или откройте диктант из личного кабинета.',
  waitingLead: (opens: string) =>
    `Диктант ещё не начался. Откройте эту ссылку ${opens}: время на текст пойдёт с нажатия «Начать диктант».`,
  submittedTitle: 'Диктант сдан',
  submitted: 'По этой ссылке диктант уже сдан, и текст больше не меняется.',
  thanks: 'Спасибо! Диктант сдан, текст принят на проверку.',
  results: (date: string) => `Результаты появятся в личном кабинете ${date}, в разделе «Диктанты».`,
  missedTitle: 'Срок действия ссылки истёк',
  missed: (closed: string) => `Приём текстов этого диктанта завершился ${closed}.`,
  toCabinet: 'Мои диктанты',
  aboutEvent: 'О диктанте',
  failed: 'Не удалось сохранить: сервер не ответил. Текст остался в поле — нажмите «Сохранить» ещё раз.',
  late: 'Время вышло: текст, отправленный после окончания, не принят. На проверку ушёл текст, сохранённый вовремя.',
  lateText: 'Текст диктанта, сохранённый вовремя',
  savedAt: (at: string) => `Сохранено в ${formatMoscowTime(at)}`,
};

type EventInfo = Pick<
  DictationSession['event'],
  'title' | 'timeLimitMinutes' | 'writingOpensAt' | 'writingClosesAt' | 'resultsAt'
>;
type View =
  | { view: 'unknown' }
  | {
      view: 'writing';
      event: EventInfo;
      code: string;
      text: string;
      revision: number;
      savedAt: string | null;
      remainingMs: number;
      deadline: string;
      participationId: number;
      reading: ReadingView | null;
    }
  | { view: 'ready'; event: EventInfo; soundCheck: string | null }
  | { view: 'waiting'; event: EventInfo }
  | { view: 'missed'; event: EventInfo }
  | { view: 'submitted'; event: EventInfo; justNow: boolean };

/** The writing form hydrates after its own chunk: the server's HTML works, and keeps what is typed, until then. */
const DictationWriter = deferredForm(() => import('~/forms/dictation-writer').then((m) => m.DictationWriter));

/** «Готовы?» and its «Начать диктант», shown only before the time starts, hydrate after their own chunk too (ADR 221). */
const StartWriting = deferredForm(() => import('~/forms/start-writing').then((m) => m.StartWriting));

export const meta: MetaFunction<typeof loader> = ({ matches, data: view }) =>
  screenMeta(matches, view && 'event' in view ? view.event.title : copy.fallbackTitle);

/**
 * `/dictation/{code}`: a participant's personal dictation, opened by the code of an invitation link — a
 * capability, so no sign-in. A GET changes nothing (mail scanners and link previews open links): an unstarted
 * dictation shows its rules and «Начать диктант», which posts to start the clock. Unknown code: 404;
 * a dictation already submitted, or one whose writing closed unopened: 410; each with its own message.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const code = readInvitationCode(params.token);
  if (!code) return data<View>({ view: 'unknown' }, { status: 404 });
  let session: DictationSession & { eventState: DictationEventState };
  try {
    session = await context.rest.dictation.open(code);
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    if (error.failure === 'rejected' && error.status === 404) return data<View>({ view: 'unknown' }, { status: 404 });
    throw toErrorPage(error);
  }
  const { title, timeLimitMinutes, writingOpensAt, writingClosesAt, resultsAt } = session.event;
  const event = { title, timeLimitMinutes, writingOpensAt, writingClosesAt, resultsAt };
  switch (session.status) {
    case 'writing': {
      const remainingMs = Date.parse(session.deadline!) - Date.parse(session.serverTime);
      const { text, revision, savedAt, participationId } = session;
      // The reading's player streams it through the portal; only the fragments' times reach the page.
      const reading = session.reading && {
        src: `/dictation/${code}/reading`,
        fragments: session.reading.fragments,
        opening: session.reading.opening,
        closing: session.reading.closing,
      };
      return data<View>({
        view: 'writing',
        event,
        code,
        text,
        revision,
        savedAt,
        remainingMs,
        deadline: session.deadline!,
        participationId,
        reading,
      });
    }
    case 'invited': {
      if (session.eventState !== 'writing') return data<View>({ view: 'waiting', event });
      // The sound check plays through the portal, as the reading does.
      return data<View>({ view: 'ready', event, soundCheck: session.soundCheck && `/dictation/${code}/sound-check` });
    }
    case 'missed':
      return data<View>({ view: 'missed', event }, { status: 410 });
    default: {
      // Right after «Завершить» the page says thank you; any later visit is a used link.
      const justNow = isSavedSearch(new URL(request.url).searchParams);
      return data<View>({ view: 'submitted', event, justNow }, { status: justNow ? 200 : 410 });
    }
  }
}

/**
 * «Начать диктант» starts the clock, then the page shows the writing form. «Сохранить» and «Завершить диктант»
 * without JavaScript (with it, saving goes through `/dictation/{code}/text`). Finishing unconfirmed saves the
 * text and asks first; a text sent after the time is refused and the last one saved in time is shown.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const code = readInvitationCode(params.token);
  return handleForm(request, context, {
    guard: 'public',
    schema: dictationWritingForms,
    defaultIntent: 'save',
    check: () => (code ? undefined : redirect('/dictation', 303)),
    submit: async (value, { reject }) => {
      if (value.intent === 'start') return startWriting(context, code!);
      const { text, revision } = value;
      const finishing = value.intent === 'finish';
      const confirmed = finishing && value.confirmed === '1';
      const outcome = await saveDictationText(context, code!, { text, revision }, confirmed);
      switch (outcome.outcome) {
        case 'saved':
          if (finishing && !confirmed) return data({ confirm: { text, revision: outcome.revision } });
          return redirect(savedLocation(request, { anchor: 'dictation-status' }), 303);
        case 'conflict': {
          // Another tab or device saved a different text: the page shows both, this one still in the field.
          const { revision: theirs, savedAt } = outcome;
          return data(
            { conflict: { mine: text, theirs: { text: outcome.text, revision: theirs, savedAt } } },
            { status: 409 },
          );
        }
        case 'late':
          return data({ late: { text: outcome.text, savedAt: outcome.savedAt } }, { status: 409 });
        case 'failed':
          return reject({ formErrors: [copy.failed] }, { status: outcome.status });
        default:
          return redirect(`/dictation/${code}`, 303);
      }
    },
  });
}

export default function DictationWritingScreen() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (view.view === 'unknown') {
    return (
      <section className="dictation-page">
        <ScreenIntro title={copy.unknownTitle} lead={copy.unknown} />
        <CabinetLinks />
      </section>
    );
  }
  const { event } = view;
  // A text sent after the time: refused, and the last one saved in time stays shown (the loader already says «сдан»).
  if (actionData && 'late' in actionData) {
    return (
      <section className="dictation-page">
        <ScreenIntro title={event.title} lead={copy.late} />
        <div className="field dictation-writer">
          <label htmlFor="dictation-late">{copy.lateText}</label>
          <textarea id="dictation-late" rows={14} readOnly defaultValue={actionData.late.text} />
        </div>
        {actionData.late.savedAt ? <p>{copy.savedAt(actionData.late.savedAt)}</p> : null}
        <p>{copy.results(formatDate(event.resultsAt))}</p>
        <CabinetLinks />
      </section>
    );
  }
  if (view.view === 'ready') {
    return (
      <section className="dictation-page">
        <ScreenIntro title={event.title} />
        <StartWriting
          soundCheck={view.soundCheck}
          timeLimitMinutes={event.timeLimitMinutes}
          writingClosesAt={event.writingClosesAt}
        />
        <CabinetLinks />
      </section>
    );
  }
  if (view.view === 'writing') {
    const confirm = actionData && 'confirm' in actionData ? actionData.confirm : null;
    const conflict = actionData && 'conflict' in actionData ? actionData.conflict : null;
    return (
      <section className="dictation-page">
        <ScreenIntro title={event.title} />
        {confirm ? (
          <ConfirmFinish text={confirm.text} revision={confirm.revision} />
        ) : (
          <DictationWriter
            // A conflict is a fresh start of the form: this page's text in the field, over the server's revision.
            key={conflict ? `conflict-${conflict.theirs.revision}` : 'writer'}
            code={view.code}
            text={conflict ? conflict.mine : view.text}
            revision={conflict ? conflict.theirs.revision : view.revision}
            savedAt={conflict ? conflict.theirs.savedAt : view.savedAt}
            conflict={conflict?.theirs ?? null}
            remainingMs={view.remainingMs}
            deadline={view.deadline}
            participationId={view.participationId}
            reading={view.reading}
            lastResult={formReply(actionData)}
          />
        )}
        {/* The player is in the writing form's bar; how the reading goes and the way to support, below it. */}
        {confirm ? null : <ReadingNotes reading={view.reading} />}
        {confirm ? null : <p>{copy.writingLead(plural(event.timeLimitMinutes, copy.minutes))}</p>}
      </section>
    );
  }
  const [title, lead] =
    view.view === 'waiting'
      ? [event.title, copy.waitingLead(formatMoscowDateTime(event.writingOpensAt))]
      : view.view === 'missed'
        ? [copy.missedTitle, copy.missed(formatMoscowDateTime(event.writingClosesAt))]
        : [copy.submittedTitle, view.justNow ? copy.thanks : copy.submitted];
  return (
    <section className="dictation-page">
      <ScreenIntro title={title} lead={lead} />
      {view.view === 'submitted' ? <p>{copy.results(formatDate(event.resultsAt))}</p> : null}
      <CabinetLinks />
    </section>
  );
}

function CabinetLinks() {
  return (
    <p className="dictation-page__links">
      <Link to="/lk/dictations">{copy.toCabinet}</Link> · <Link to="/dictation">{copy.aboutEvent}</Link>
    </p>
  );
}
