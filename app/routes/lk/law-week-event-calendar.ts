import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '#bff/auth/require-user.server';
import { calendarFile, calendarFileName } from '~/calendar.server';
import { pageNotFound, requireDigitsId } from '~/route-params';

/** `/lk/law-week/events/{id}/calendar.ics`: one event of the law week as a calendar event (ADR 028). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = Number(requireDigitsId(params, request));
  await requireUser(request, context);
  const event = (await context.rest.lawWeek.program()).flatMap((day) => day.events).find((item) => item.id === id);
  if (!event) throw pageNotFound(new URL(request.url).pathname);
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
}
