import { z } from 'zod';

/**
 * The logout form (`logout.tsx`): only where it was sent from. Any value, even a repeated or a malformed one, is
 * taken: a logout is never refused, and `routes/logout.ts` sends an unusable target to `/`.
 */
export const logoutSchema = z.object({ redirectTo: z.unknown() });
