import type { EventRow } from '../db/dictation';
import { formatMoscowDateTime } from '#shared/moscow-time';

/** The letter with a participant's personal dictation link: at registration, or once their address is confirmed. */
export function invitationMessage(to: string, event: EventRow, link: string) {
  return {
    to,
    subject: `Ваша ссылка на диктант: ${event.title}`,
    body:
      `Вы зарегистрированы на диктант «${event.title}».\n\n` +
      `Писать можно с ${formatMoscowDateTime(event.writing_opens_at)} до ${formatMoscowDateTime(event.writing_closes_at)} по личной ссылке:\n${link}\n\n` +
      `На текст — ${event.time_limit_minutes} мин. с нажатия «Начать диктант». Ссылка личная: не пересылайте её. ` +
      'Та же кнопка есть в личном кабинете, в разделе «Диктанты».',
  };
}
