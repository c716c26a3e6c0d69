import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '#bff/request/require-user.server';
import { resourceNotFound, resourceRoute } from '#bff/not-found.server';
import { calendarFile, calendarFileName } from '~/server/calendar.server';
import { readId } from '~/server/route-params';

/** `/lk/law-week/events/{id}/calendar.ics`: one event of the law week as a calendar event. */
export const loader = resourceRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const id = readId(params, request);
  await requireUser(request, context);
  const event = (await context.rest.lawWeek.program()).flatMap((day) => day.events).find((item) => item.id === id);
  if (!event) return resourceNotFound();
  const page = `${context.config.publicOrigin}/lk/law-week`;
  return calendarFile(
    {
      uid: `law-week-event-${id}@${new URL(page).host}`,
      title: event.title,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      description: [`${event.kind}. ${event.speaker}`, event.link, page].filter(Boolean).join('\n\n'),
      location: event.place ?? event.link,
      url: page,
    },
    calendarFileName(event.title),
  );
});
