import { parseWithZod } from '@conform-to/zod';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { rejectForm, upstreamErrors } from '#bff/auth/forms.server';
import { requireForm } from '#bff/auth/require-form.server';
import { requireUser } from '#bff/auth/require-user.server';
import { deferredForm } from '~/components/form/deferred-form';
import { DayLinkForm as DayLinkFormNow } from '~/components/home/day-link-form';
import { TenderQuestion as TenderQuestionNow } from '~/components/home/tender-question';
import { WeekProgram } from '~/components/home/week-program';
import { savedLocation, useSavedState } from '~/components/form/use-saved-state';
import { ScreenIntro } from '~/components/screen-intro';
import { screenMeta } from '~/meta';
import { describeWeek } from '~/week-program';
import { pluralWord } from '#shared/plural';
import { questionSchema } from './tender-question.schema';
import { dayLinkSchema } from './week.schema';

const copy = {
  title: 'Программа недели',
  lead: 'Каждый день — новое задание. Пока день открыт, отправьте ссылку на материал урока.',
  participating: (count: number) =>
    `Вы участвуете в программе: ${pluralWord(count, { one: `отправлена ${count} ссылка`, few: `отправлено ссылок: ${count}`, many: `отправлено ссылок: ${count}` })}.`,
  notYet: 'Вы пока не отправили ни одной ссылки. Начните с сегодняшнего дня.',
};

const DayLinkForm = deferredForm(import.meta.env.SSR ? DayLinkFormNow : null, () =>
  import('~/components/home/day-link-form').then((m) => m.DayLinkForm),
);
const TenderQuestion = deferredForm(import.meta.env.SSR ? TenderQuestionNow : null, () =>
  import('~/components/home/tender-question').then((m) => m.TenderQuestion),
);

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title, copy.lead);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const [days, participation, tender] = await Promise.all([
    context.rest.week.days(),
    context.rest.week.participation(),
    context.rest.tender.check(),
  ]);
  return {
    days: describeWeek(days, participation.links, Date.now()),
    participating: participation.participating,
    linkCount: participation.links.length,
    tender,
  };
}

/** A form's failed submission, tagged with the form it belongs to, so the other form stays untouched. */
function rejected(intent: 'day-link' | 'question', reply: ReturnType<typeof rejectForm>) {
  return data({ intent, result: reply.data }, { status: 400 });
}

/** Two forms post here: a day's link (`intent=day-link`) and the tender question (`intent=question`). */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context);
  const formData = await requireForm(request);
  if (formData.get('intent') === 'question') {
    const submission = parseWithZod(formData, { schema: questionSchema });
    if (submission.status !== 'success') return rejected('question', rejectForm(submission));
    try {
      await context.rest.tender.ask(submission.value.text);
    } catch (error) {
      return rejected('question', rejectForm(submission, upstreamErrors(error)));
    }
    return redirect(`${new URL(request.url).pathname}#tender`, 303);
  }
  const submission = parseWithZod(formData, { schema: dayLinkSchema });
  if (submission.status !== 'success') return rejected('day-link', rejectForm(submission));
  try {
    await context.rest.week.putDayLink(submission.value);
  } catch (error) {
    return rejected('day-link', rejectForm(submission, upstreamErrors(error)));
  }
  // Only today's day is open, so `?saved` names its form without a day parameter (foreign ones are cleared).
  return redirect(`${savedLocation(request)}#day-${submission.value.dayId}`, 303);
}

export default function CabinetWeekScreen() {
  const { days, participating, linkCount, tender } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { saved, onInput } = useSavedState();
  return (
    <section className="week-screen">
      <ScreenIntro title={copy.title} lead={copy.lead}>
        <p className="week-screen__participation">{participating ? copy.participating(linkCount) : copy.notYet}</p>
      </ScreenIntro>
      <WeekProgram
        days={days}
        renderOpenDay={(day) => (
          <DayLinkForm
            day={day}
            saved={saved}
            onInput={onInput}
            lastResult={actionData?.intent === 'day-link' ? actionData.result : undefined}
          />
        )}
      />
      <TenderQuestion state={tender} lastResult={actionData?.intent === 'question' ? actionData.result : undefined} />
    </section>
  );
}
