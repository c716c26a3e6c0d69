import { listLawWeekProgram, listLawWeekThemes } from '../db/law-week';
import type { CallRegistrar } from '../http/calls';
import type { Services } from '../services';

/** The law week is the same for everyone: the token is accepted but changes nothing. */
export function registerLawWeekRoutes(calls: CallRegistrar, services: Services): void {
  const { db, now } = services;
  calls.open('lawWeekProgram', () => ({ days: listLawWeekProgram(db, now()) }));
  calls.open('lawWeekThemes', () => ({ themes: listLawWeekThemes(db) }));
}
