import { days, hours } from '#shared/time';
import type { Db } from '../db/open';
import { findUserByEmail } from '../db/users';

/**
 * Support topics and the demo users' requests: resolved with a reply, in work and new, for both users.
 * Seeded requests have fixed ids (users' own come after them); their dates move along to the current day at
 * every start.
 */

export const SUPPORT_TOPICS = [
  { slug: 'dictation', title: 'Диктант' },
  { slug: 'account', title: 'Вход и учётная запись' },
  { slug: 'certificate', title: 'Сертификаты' },
  { slug: 'materials', title: 'Материалы и файлы' },
  { slug: 'events', title: 'Мероприятия и трансляции' },
  { slug: 'bug', title: 'Ошибка на сайте' },
  { slug: 'other', title: 'Другое' },
];

interface SeedRequest {
  id: number;
  user: 'teacher' | 'participant';
  topic: string;
  message: string;
  daysAgo: number;
  status: 'new' | 'in_work' | 'resolved';
  reply?: string;
}

const REQUESTS: SeedRequest[] = [
  {
    id: 1,
    user: 'teacher',
    topic: 'certificate',
    message:
      'В сертификате об очном участии указана неверная школа: должно быть «Школа № 1», а не «Школа № 11». Исправьте, пожалуйста.',
    daysAgo: 20,
    status: 'resolved',
    reply: 'Спасибо, что сообщили! Название школы исправлено, новый сертификат уже доступен в личном кабинете.',
  },
  {
    id: 2,
    user: 'teacher',
    topic: 'events',
    message:
      'Во время трансляции мастер-класса пропадал звук на второй половине. Будет ли запись с исправленным звуком?',
    daysAgo: 5,
    status: 'in_work',
  },
  {
    id: 3,
    user: 'teacher',
    topic: 'materials',
    message:
      'Рабочий лист к сценарию о финансовой грамотности открывается на телефоне без таблицы. Можно ли выложить его и в PDF?',
    daysAgo: 1,
    status: 'new',
  },
  {
    id: 4,
    user: 'participant',
    topic: 'account',
    message: 'Не приходит письмо с кодом восстановления пароля на почту. Проверял папку «Спам» — там тоже нет.',
    daysAgo: 14,
    status: 'resolved',
    reply:
      'Письма на ваш адрес задерживал почтовый сервер получателя; сейчас доставка восстановлена. Если письмо снова не придёт, напишите нам ещё раз.',
  },
  {
    id: 5,
    user: 'participant',
    topic: 'bug',
    message: 'На странице программы недели при узком экране кнопка отправки ссылки уходит за край экрана.',
    daysAgo: 2,
    status: 'new',
  },
];

/** Inserts the topics and the demo requests that are missing; moves the demo requests' dates to today. */
export function seedSupport(db: Db, now: number, emails: { teacher: string; participant: string }): void {
  const today = Math.floor(now / days(1)) * days(1);
  const insertTopic = db.prepare('INSERT OR IGNORE INTO support_topics (slug, title, position) VALUES (?, ?, ?)');
  const upsertRequest = db.prepare(
    `INSERT INTO support_requests (id, user_id, topic, message, status, created_at, updated_at, reply)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET created_at = excluded.created_at, updated_at = excluded.updated_at`,
  );
  db.transaction(() => {
    SUPPORT_TOPICS.forEach((topic, position) => insertTopic.run(topic.slug, topic.title, position));
    for (const request of REQUESTS) {
      const user = findUserByEmail(db, emails[request.user]);
      if (!user) continue;
      // Written in the working day, Moscow time (UTC+3).
      const createdAt = today - days(request.daysAgo) + hours(6 + (request.id % 7));
      const updatedAt = request.status === 'new' ? createdAt : createdAt + days(1) + hours(1);
      upsertRequest.run(
        request.id,
        user.id,
        request.topic,
        request.message,
        request.status,
        createdAt,
        updatedAt,
        request.reply ?? null,
      );
    }
  })();
}
