import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '#bff/request/require-user.server';
import { resourceRoute } from '#bff/not-found.server';
import { calendarFile, calendarFileName } from '~/server/calendar.server';
import { readId } from '~/server/route-params';
import { minutes } from '#shared/time';

/** `/lk/master-classes/{id}/calendar.ics`: the master class as a calendar event in Moscow time. */
export const loader = resourceRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const id = readId(params, request);
  await requireUser(request, context);
  // An unknown id is the upstream's 404, which becomes the 404 page.
  const webinar = await context.rest.webinars.byId(id);
  const page = `${context.config.publicOrigin}/lk/master-classes/${id}`;
  return calendarFile(
    {
      uid: `master-class-${id}@${new URL(page).host}`,
      title: webinar.title,
      startsAt: webinar.startsAt,
      endsAt: new Date(Date.parse(webinar.startsAt) + minutes(webinar.durationMinutes)).toISOString(),
      description: [webinar.description, webinar.speakers.map((speaker) => speaker.name).join(', '), page]
        .filter(Boolean)
        .join('\n\n'),
      location: webinar.broadcastUrl,
      url: page,
    },
    calendarFileName(webinar.title),
  );
});
