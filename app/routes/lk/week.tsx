import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { handleForm } from '#bff/request/forms.server';
import { requireUser } from '#bff/request/require-user.server';
import { deferredForm } from '~/components/form/deferred-form';
import { formReply } from '~/components/form/form-reply';
import { WeekProgram } from '~/components/home/week-program';
import { savedLocation, useSavedState } from '~/components/form/use-saved-state';
import { ScreenIntro } from '~/components/screen-intro';
import { screenMeta } from '~/lib/meta';
import { describeWeek } from '~/lib/week-program';
import { pluralWord } from '#shared/plural';
import { questionSchema } from '~/forms/tender-question.schema';
import { dayLinkSchema } from '~/forms/day-link.schema';

const copy = {
  title: 'Программа недели',
  lead: 'Каждый день — новое задание. Пока день открыт, отправьте ссылку на материал урока.',
  participating: (count: number) =>
    `Вы участвуете в программе: ${pluralWord(count, { one: `отправлена ${count} ссылка`, few: `отправлено ссылок: ${count}`, many: `отправлено ссылок: ${count}` })}.`,
  notYet: 'Вы пока не отправили ни одной ссылки. Начните с сегодняшнего дня.',
};

const DayLinkForm = deferredForm(() => import('~/forms/day-link').then((m) => m.DayLinkForm));
const TenderQuestion = deferredForm(() => import('~/forms/tender-question').then((m) => m.TenderQuestion));

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

/** Two forms post here: a day's link (`intent=day-link`, the one when none is named) and the tender question (`intent=question`). */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleForm(request, context, {
    guard: 'signed-in',
    schema: { 'day-link': dayLinkSchema, question: questionSchema },
    defaultIntent: 'day-link',
    submit: async (value) => {
      if (value.intent === 'question') {
        await context.rest.tender.ask(value.text);
        return redirect(`${new URL(request.url).pathname}#tender`, 303);
      }
      await context.rest.week.putDayLink({ dayId: value.dayId, link: value.link });
      // Only today's day is open, so `?saved` names its form without a day parameter (foreign ones are cleared).
      return redirect(savedLocation(request, { anchor: `day-${value.dayId}` }), 303);
    },
  });
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
            lastResult={formReply(actionData, { intents: ['day-link'] })}
          />
        )}
      />
      <TenderQuestion state={tender} lastResult={formReply(actionData, { intents: ['question'] })} />
    </section>
  );
}
