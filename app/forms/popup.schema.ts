import { z } from 'zod';
import { popupName } from '#bff/rest/profile.server';

/**
 * A dismissed popup (`welcome-notice.tsx`, posted to `/popups`): which one, and the page it was shown on. A name
 * the contract does not know is refused with a bare 400 by the route; nothing here is shown at a field.
 */
export const popupSchema = z.object({ popup: popupName, redirectTo: z.string().optional() });
