import { listDayLinks, listWeekDays, saveDayLink } from '../db/week';
import type { CallRegistrar } from '../http/calls';
import { fail } from '../http/envelope';
import type { Services } from '../services';

/** The weekly program: a day takes links only while it is open (its own date, Moscow time). */
export function registerWeekRoutes(calls: CallRegistrar, services: Services): void {
  const { db, now } = services;

  calls.open('weekList', () => ({ days: listWeekDays(db, now()) }));

  calls.authenticated('weekParticipation', ({ session }) => {
    const links = listDayLinks(db, session.userId);
    return { participating: links.length > 0, links };
  });

  calls.authenticated('putDayLink', ({ session, body }) => {
    const time = now();
    const day = listWeekDays(db, time).find((candidate) => candidate.id === body.dayId);
    if (!day) throw fail(404, 'not_found', 'Такого дня нет в программе недели', 'dayId');
    if (time < Date.parse(day.opensAt)) {
      throw fail(409, 'day_not_open', 'Этот день программы ещё не начался', 'link');
    }
    if (time >= Date.parse(day.closesAt)) {
      throw fail(409, 'day_closed', 'Приём ссылок за этот день закрыт', 'link');
    }
    return saveDayLink(db, session.userId, day.id, body.link, time);
  });
}
