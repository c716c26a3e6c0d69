import { z } from 'zod';

/** The link a participant sends for an open day: a whole web address, http or https only. */
export const dayLinkSchema = z.object({
  dayId: z.coerce.number().int().positive(),
  link: z
    .string({ required_error: 'Вставьте ссылку на материал' })
    .trim()
    .max(2000, 'Ссылка слишком длинная: не более 2000 символов')
    .superRefine((link, context) => {
      // One message at a time: the first thing to fix.
      if (!/^https?:\/\//i.test(link)) {
        context.addIssue({ code: 'custom', message: 'Ссылка должна начинаться с http:// или https://' });
      } else if (!URL.canParse(link) || !/^https?:\/\/[^/\\]/i.test(link)) {
        context.addIssue({ code: 'custom', message: 'Проверьте адрес: это не похоже на ссылку' });
      }
    }),
});
