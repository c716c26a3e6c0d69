import { z } from 'zod';

/** «Отправить письмо ещё раз» (`email-confirmation-notice.tsx`, posted to `/profile/email`): the page to go back to. */
export const emailConfirmationSchema = z.object({ redirectTo: z.string().optional() });
