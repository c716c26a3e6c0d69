import { z } from 'zod';
import { call, fileRef, noBody, noQuery } from './define';

/**
 * The law week («Неделя права», ADR 234): a programme of seven days, each with its events, and the themes the
 * week is about, each with its materials. Neither answer depends on the user (the token is sent when present).
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** An instant, ISO 8601 with its offset. */
const instant = z.string().datetime({ offset: true });

/** A file of the week; its id names it in the portal's file route, whatever event or theme it belongs to. */
export const lawWeekMaterial = fileRef.extend({ id: z.number().int().positive() });
export type LawWeekMaterial = z.infer<typeof lawWeekMaterial>;

export const LAW_WEEK_FORMATS = ['online', 'offline'] as const;

export const lawWeekEvent = z.object({
  id: z.number().int().positive(),
  startsAt: instant,
  endsAt: instant,
  title: z.string().min(1),
  /** «Лекция», «Деловая игра», «Круглый стол»… */
  kind: z.string().min(1),
  /** Online events have a `link`, offline ones a `place`. */
  format: z.enum(LAW_WEEK_FORMATS),
  /** The speaker or the organiser, with their position. */
  speaker: z.string().min(1),
  place: z.string().nullable(),
  link: z
    .string()
    .url()
    .refine((link) => /^https:\/\//.test(link))
    .nullable(),
  materials: z.array(lawWeekMaterial),
});
export type LawWeekEvent = z.infer<typeof lawWeekEvent>;

export const lawWeekDay = z.object({
  /** The day's date in Moscow. */
  date: isoDate,
  title: z.string().min(1),
  /** In the order they start. */
  events: z.array(lawWeekEvent),
});
export type LawWeekDay = z.infer<typeof lawWeekDay>;

export const lawWeekTheme = z.object({
  id: z.number().int().positive(),
  title: z.string().min(1),
  description: z.string(),
  materials: z.array(lawWeekMaterial),
});
export type LawWeekTheme = z.infer<typeof lawWeekTheme>;

export const lawWeekCalls = {
  lawWeekProgram: call({
    method: 'GET',
    path: '/rest/law-week/list/',
    query: noQuery,
    body: noBody,
    result: z.object({ days: z.array(lawWeekDay) }),
    auth: 'optional',
    shared: true,
    extension: true,
  }),
  lawWeekThemes: call({
    method: 'GET',
    path: '/rest/law-week/themes/list/',
    query: noQuery,
    body: noBody,
    result: z.object({ themes: z.array(lawWeekTheme) }),
    auth: 'optional',
    shared: true,
    extension: true,
  }),
} as const;
