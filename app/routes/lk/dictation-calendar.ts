import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '#bff/request/require-user.server';
import { calendarFile, calendarFileName } from '~/server/calendar.server';
import { offersCalendar } from '~/components/dictation/participation-status';
import { plural } from '#shared/plural';
import { resourceNotFound, resourceRoute } from '#bff/not-found.server';
import { readId } from '~/server/route-params';

const minutesForms = { one: 'минута', few: 'минуты', many: 'минут' };

/**
 * `/lk/dictations/{id}/calendar.ics`: the user's dictation as a calendar event spanning its writing window, in
 * Moscow time. Only while it is still to be written, as the pages offer it; otherwise, like an
 * unknown or another user's dictation, the 404.
 */
export const loader = resourceRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const id = readId(params, request);
  await requireUser(request, context);
  // An unknown id, or another user's, is the upstream's 404, which becomes the 404 page.
  const dictation = await context.rest.dictation.byId(id);
  if (!offersCalendar(dictation)) return resourceNotFound();
  const { event } = dictation;
  const page = `${context.config.publicOrigin}/lk/dictations/${id}`;
  return calendarFile(
    {
      uid: `dictation-${event.id}@${new URL(page).host}`,
      title: event.title,
      startsAt: event.writingOpensAt,
      endsAt: event.writingClosesAt,
      description: [
        event.description,
        `На текст — ${plural(event.timeLimitMinutes, minutesForms)} с нажатия «Начать диктант»; ` +
          'написать его можно в любое время до конца приёма текстов.',
        page,
      ]
        .filter(Boolean)
        .join('\n\n'),
      location: null,
      url: page,
    },
    calendarFileName(event.title),
  );
});
