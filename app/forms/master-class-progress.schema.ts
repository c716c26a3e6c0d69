import { z } from 'zod';

const seconds = z.coerce.number().int().min(0).max(86_400);

/**
 * The player's report of the place in a recording (`app/components/recording-player.tsx` posts it to `/lk/master-classes/{id}/progress`, a
 * `fetch` or a `sendBeacon`): where it is and how much has been watched, in whole seconds of at most a day.
 */
export const masterClassProgressSchema = z.object({ positionSeconds: seconds, watchedSeconds: seconds });
