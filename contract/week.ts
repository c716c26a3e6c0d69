import { z } from 'zod';
import { call, noBody, noQuery } from './define';

/** The weekly program (ADR 234): seven days, each open for links on its own date (Moscow time). */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** An instant, ISO 8601 with its offset. */
const instant = z.string().datetime({ offset: true });

export const weekDay = z.object({
  id: z.number().int().positive(),
  date: isoDate,
  title: z.string().min(1),
  description: z.string(),
  /** What a participant publishes that day and sends the link to. */
  task: z.string(),
  opensAt: instant,
  closesAt: instant,
});
export type WeekDay = z.infer<typeof weekDay>;

/** Only web addresses: a `javascript:` or `data:` link must never be stored and shown back as a link. */
const dayLink = z
  .string()
  .trim()
  .max(2000)
  .url()
  .refine((link) => /^https?:\/\/[^/\\]/i.test(link), { message: 'only http and https addresses' });

export const savedDayLink = z.object({ dayId: z.number().int().positive(), link: z.string(), savedAt: instant });
export type SavedDayLink = z.infer<typeof savedDayLink>;

export const weekCalls = {
  weekList: call({
    method: 'GET',
    path: '/rest/week/list',
    query: noQuery,
    body: noBody,
    result: z.object({ days: z.array(weekDay) }),
    auth: 'optional',
    shared: true,
  }),
  weekParticipation: call({
    method: 'GET',
    path: '/rest/week/checkparticipation',
    query: noQuery,
    body: noBody,
    /** Taking part means having sent a link for at least one day. */
    result: z.object({ participating: z.boolean(), links: z.array(savedDayLink) }),
    auth: 'required',
  }),
  putDayLink: call({
    method: 'PUT',
    path: '/rest/week/',
    query: noQuery,
    body: z.object({ dayId: z.number().int().positive(), link: dayLink }),
    result: savedDayLink,
    auth: 'required',
  }),
} as const;
