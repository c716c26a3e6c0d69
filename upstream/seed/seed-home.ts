import { days } from '#shared/time';
import { insertBannerIfMissing, type NewBanner } from '../db/banners';
import { insertCertificateIfMissing } from '../db/certificates';
import type { Db } from '../db/open';
import { findUserByEmail } from '../db/users';
import { insertWeekDayIfMissing } from '../db/week';

/** Banners of `/` and `/lk`: two lead into the portal, one to an outside site. */
const BANNERS: NewBanner[] = [
  {
    code: 'week-open-lessons',
    title: 'Неделя открытых уроков',
    text: 'Семь дней — семь заданий. Проведите урок, опубликуйте материалы и пришлите ссылку в программу недели.',
    imagePath: '/files/banners/week.svg',
    link: '/week',
  },
  {
    code: 'scenarios-catalogue',
    title: 'Сценарии уроков для 1–11 классов',
    text: 'Более тысячи сценариев от учителей со всей страны: ищите по теме, классу и формату занятия.',
    imagePath: '/files/banners/scenarios.svg',
    link: '/lk/scenarios',
  },
  {
    code: 'fgos-materials',
    title: 'Федеральные рабочие программы',
    text: 'Конструктор рабочих программ и методические рекомендации на портале «Единое содержание общего образования».',
    imagePath: '/files/banners/programs.svg',
    link: 'https://edsoo.ru/',
  },
];

const TASK = 'Опубликуйте конспект или фотоотчёт урока на сайте школы или в её сообществе и пришлите ссылку.';

const WEEK_DAYS = [
  {
    title: 'Открытие недели: профессия — учитель',
    description: 'Классный час о людях, которые учат: истории любимых учителей, встречи с выпускниками школы.',
  },
  {
    title: 'Читаем вместе',
    description: 'Час литературного чтения: вслух, по ролям, с обсуждением. Книгу выбирает класс.',
  },
  {
    title: 'Наука рядом',
    description: 'Урок с опытом, который можно повторить дома: измерения, наблюдения, выводы в тетради.',
  },
  {
    title: 'Финансовая грамотность',
    description: 'Семейный бюджет на примерах: доходы, расходы, накопления. Игра «Поход в магазин» для младших.',
  },
  {
    title: 'Безопасность в сети',
    description: 'Пароли, мошеннические сообщения и личные данные: разбираем настоящие случаи и составляем памятку.',
  },
  {
    title: 'Музей в классе',
    description: 'Виртуальная экскурсия по краеведческому музею вашего города с заданиями для групп.',
  },
  {
    title: 'Итоги недели',
    description: 'Рефлексия: что получилось, что удивило, что повторим. Короткая анкета для учеников и родителей.',
  },
];

/** Banners, the week's seven days and the demo teacher's certificate; what exists already is left as it is. */
export function seedHomeContent(db: Db, now: number, teacherEmail: string): void {
  db.transaction(() => {
    BANNERS.forEach((banner, position) => insertBannerIfMissing(db, banner, position));
    WEEK_DAYS.forEach((day, position) => insertWeekDayIfMissing(db, position, { ...day, task: TASK }));
    const teacher = findUserByEmail(db, teacherEmail);
    if (teacher) {
      insertCertificateIfMissing(db, {
        user_id: teacher.id,
        number: 'ОУ-0417',
        event: 'Очный семинар «Современный урок: методы, приёмы и цифровые инструменты»',
        hours: 16,
        issued_on: new Date(now - days(30)).toISOString().slice(0, 10),
      });
    }
  })();
}
