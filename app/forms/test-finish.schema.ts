import { z } from 'zod';

/**
 * The summary's «Завершить и отправить»: the attempt it names, so a button pressed on a summary left open
 * finishes that attempt and never a later one started elsewhere.
 */
export const finishSchema = z.object({ attemptId: z.number().int().positive() });
