import { days, hours } from '#shared/time';
import type { Db } from '../db/open';
import { findUserByEmail } from '../db/users';

/**
 * Topics and the demo users' questions to the authors: answered, in work and just sent, so the screen
 * shows every state for both users. Seeded questions have fixed ids (users' own come after them); their dates
 * are moved along to the current day at every start, so the answered ones stay recent.
 */

export const QUESTION_TOPICS = [
  { slug: 'scenarios', title: 'Сценарии уроков' },
  { slug: 'master-classes', title: 'Мастер-классы' },
  { slug: 'law-week', title: 'Неделя права' },
  { slug: 'dictation', title: 'Диктант' },
  { slug: 'testing', title: 'Тестирование' },
  { slug: 'methodology', title: 'Методика преподавания' },
];

interface SeedQuestion {
  id: number;
  user: 'teacher' | 'participant';
  topic: string;
  text: string;
  /** Days before today the question was asked. */
  askedDaysAgo: number;
  answer?: { text: string; author: string; afterDays: number };
  inWork?: true;
}

const QUESTIONS: SeedQuestion[] = [
  {
    id: 1,
    user: 'teacher',
    topic: 'scenarios',
    text: 'Можно ли провести сценарий «Путешествие по Конституции» для пятиклассников, если он написан для 7–9 классов? Что лучше упростить?',
    askedDaysAgo: 12,
    answer: {
      text: 'Да, можно. Для 5 класса сократите теоретическую часть до десяти минут, замените работу с текстом статей на карточки с картинками и оставьте игровую станцию «Символы государства» — она нравится младшим больше всего.',
      author: 'Елена Викторовна Орлова, автор сценария',
      afterDays: 3,
    },
  },
  {
    id: 2,
    user: 'teacher',
    topic: 'master-classes',
    text: 'В записи мастер-класса о формирующем оценивании упоминался шаблон листа самооценки. Где его можно скачать?',
    askedDaysAgo: 8,
    answer: {
      text: 'Шаблон лежит в материалах сценария «Лист самооценки на уроке» в разделе «Сценарии» — найдите его поиском по словам «лист самооценки». Там же есть вариант для начальной школы.',
      author: 'Игорь Павлович Васильев, ведущий мастер-класса',
      afterDays: 1,
    },
  },
  {
    id: 3,
    user: 'teacher',
    topic: 'law-week',
    text: 'Подскажите, как адаптировать деловую игру «Кибербуллинг: закон и поступки» для класса, где есть ученики с ОВЗ?',
    askedDaysAgo: 3,
    inWork: true,
  },
  {
    id: 4,
    user: 'teacher',
    topic: 'methodology',
    text: 'Как организовать работу в группах на уроке обществознания, чтобы активно участвовали все ученики, а не только лидеры?',
    askedDaysAgo: 1,
  },
  {
    id: 5,
    user: 'participant',
    topic: 'dictation',
    text: 'Будет ли в этом году диктант писаться онлайн, и можно ли участвовать с телефона, а не с компьютера?',
    askedDaysAgo: 10,
    answer: {
      text: 'Да, диктант можно написать онлайн с любого устройства с браузером, в том числе с телефона. Рекомендуем заранее проверить подключение к интернету и открыть страницу диктанта за несколько минут до начала.',
      author: 'Оргкомитет диктанта',
      afterDays: 2,
    },
  },
  {
    id: 6,
    user: 'participant',
    topic: 'law-week',
    text: 'Можно ли подключиться к лекциям Недели права, если я не учусь в школе, а просто интересуюсь темой?',
    askedDaysAgo: 4,
    inWork: true,
  },
  {
    id: 7,
    user: 'participant',
    topic: 'testing',
    text: 'Сколько раз можно проходить тест по правовой грамотности и засчитывается ли лучший результат?',
    askedDaysAgo: 2,
  },
];

/** Inserts the topics and the demo questions that are missing; moves the demo questions' dates to today. */
export function seedAuthorQuestions(db: Db, now: number, emails: { teacher: string; participant: string }): void {
  const today = Math.floor(now / days(1)) * days(1);
  const insertTopic = db.prepare(
    'INSERT OR IGNORE INTO author_question_topics (slug, title, position) VALUES (?, ?, ?)',
  );
  const upsertQuestion = db.prepare(
    `INSERT INTO author_questions (id, user_id, topic, text, status, asked_at, answer_text, answer_author, answered_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET asked_at = excluded.asked_at, answered_at = excluded.answered_at`,
  );
  db.transaction(() => {
    QUESTION_TOPICS.forEach((topic, position) => insertTopic.run(topic.slug, topic.title, position));
    for (const question of QUESTIONS) {
      const user = findUserByEmail(db, emails[question.user]);
      if (!user) continue;
      // Asked in the working day, Moscow time (UTC+3).
      const askedAt = today - days(question.askedDaysAgo) + hours(7 + (question.id % 6));
      const status = question.answer ? 'answered' : question.inWork ? 'in_work' : 'sent';
      upsertQuestion.run(
        question.id,
        user.id,
        question.topic,
        question.text,
        status,
        askedAt,
        question.answer?.text ?? null,
        question.answer?.author ?? null,
        question.answer ? askedAt + days(question.answer.afterDays) + hours(2) : null,
      );
    }
  })();
}
