import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client, DEMO_USERS, pageText, startPortal } from './harness';
import { headingOf } from './page';
import { useServers } from './servers';

/** The law week's programme and themes against the reference upstream: days, materials, empty and failure states. */

let teacher: Client;

const servers = useServers();

beforeAll(async () => {
  teacher = servers.portal.client();
  await teacher.login(DEMO_USERS.teacher.email, DEMO_USERS.teacher.password);
});

afterEach(() => servers.upstream.clearFaults());

/** The page's text as a reader sees it: tags and React's separators removed, entities decoded. */

/** Today's date in Moscow, as the page's anchors write it. */
const moscowToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date());

async function signedIn(portal = servers.portal) {
  const browser = portal.client();
  await browser.login(DEMO_USERS.participant.email, DEMO_USERS.participant.password);
  return browser;
}

describe('/lk/law-week', () => {
  it('shows seven days with their events in Moscow time, today’s day marked', async () => {
    const response = await teacher.request('/lk/law-week');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(headingOf(html)).toBe('Неделя права');
    expect([...html.matchAll(/<section id="day-(\d{4}-\d{2}-\d{2})"/g)]).toHaveLength(7);
    const today = moscowToday();
    const links = [...html.matchAll(/<a [^>]*>/g)].map(([tag]) => tag);
    expect(links.filter((tag) => tag.includes(`#day-${today}"`) && tag.includes('aria-current="date"'))).toHaveLength(
      1,
    );
    expect(html).toMatch(new RegExp(`<section id="day-${today}" class="law-week-day law-week-day--today"`));
    expect(pageText(html)).toContain('Торжественное открытие Недели права');
    expect(pageText(html)).toMatch(/10:00–11:00 мск/);
    expect(pageText(html)).toContain('Актовый зал школы, 2 этаж');
    expect(html).toContain('href="https://pravo-nedelya.example.ru/translyaciya/otkrytie"');
    expect(html).toContain('href="/lk/law-week/themes"');
  });

  it('offers materials through the portal: images shown, other files downloaded with type and size', async () => {
    const html = await (await teacher.request('/lk/law-week')).text();
    const download = /<a href="(\/lk\/law-week\/materials\/\d+)" download="Программа недели.pdf"/.exec(html);
    expect(download).not.toBeNull();
    expect(pageText(html)).toMatch(/Скачать «Программа недели\.pdf» PDF, 9,7 КБ/);
    expect(html).toMatch(/<img src="\/lk\/law-week\/materials\/\d+" alt="Афиша недели"/);
    expect(html).not.toContain('/files/scenarios/');

    const pdf = await teacher.request(download![1]!);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    expect(
      decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(pdf.headers.get('Content-Disposition') ?? '')?.[1] ?? ''),
    ).toBe('Программа недели.pdf');
    expect(Buffer.from(await pdf.arrayBuffer())).toEqual(readFileSync('upstream/files/scenarios/lesson-plan.pdf'));

    const image = await teacher.request(
      /<img src="(\/lk\/law-week\/materials\/\d+)" alt="Афиша недели"/.exec(html)![1]!,
    );
    expect(image.headers.get('Content-Type')).toBe('image/webp');
    expect(image.headers.get('Content-Disposition') ?? 'inline').toMatch(/^inline/);
  });

  it('answers 404 for a material that does not exist or an id that is not digits', async () => {
    expect((await teacher.request('/lk/law-week/materials/99999')).status).toBe(404);
    expect((await teacher.request('/lk/law-week/materials/abc')).status).toBe(404);
    expect((await servers.portal.client().request('/lk/law-week/materials/abc')).status).toBe(404);
  });

  it('sends a visitor who is not signed in to the login, from the page and from a material', async () => {
    for (const path of ['/lk/law-week', '/lk/law-week/themes', '/lk/law-week/materials/1']) {
      const response = await servers.portal.client().request(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get('Location')).toMatch(/^\/login\?redirectTo=/);
    }
  });

  it('reads the programme once for everyone: a second user’s visit makes no upstream call', async () => {
    await teacher.request('/lk/law-week');
    const before = (await servers.upstream.stats()).lawWeekProgram;
    const participant = await signedIn();
    expect((await participant.request('/lk/law-week')).status).toBe(200);
    expect((await servers.upstream.stats()).lawWeekProgram).toBe(before);
  });
});

describe('/lk/law-week/themes', () => {
  it('lists a dozen themes with descriptions and materials, and a contents list', async () => {
    const response = await teacher.request('/lk/law-week/themes');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(headingOf(html)).toBe('Темы недели права');
    expect([...html.matchAll(/<section id="theme-\d+"/g)].length).toBeGreaterThanOrEqual(12);
    expect(html).toContain('<a href="#theme-1">Конституция Российской Федерации</a>');
    expect(pageText(html)).toContain('Скачать «Рабочий лист „Главы Конституции“.docx» DOCX');
    expect(html).toMatch(/<img src="\/lk\/law-week\/materials\/\d+" alt="Карта экологических маршрутов"/);
  });
});

describe('failures and empty states', () => {
  it('shows the error page when the programme or the themes fail, and a material’s failure as a short text', async () => {
    // A portal of its own: the shared read cache of the other one already holds both reads.
    const fresh = await startPortal({ upstreamUrl: servers.upstream.url });
    try {
      const browser = await signedIn(fresh);
      await servers.upstream.fault({ path: '/rest/law-week/list/', status: 500 });
      const program = await browser.request('/lk/law-week');
      expect(program.status).toBe(500);
      expect(headingOf(await program.text())).toBe('Ошибка 500');
      await servers.upstream.fault({ path: '/rest/law-week/themes/list/', status: 503 });
      expect((await browser.request('/lk/law-week/themes')).status).toBe(503);
    } finally {
      await fresh.close();
    }
  });

  it('says so when the week has no events and no themes yet', async () => {
    const fresh = await startPortal({ upstreamUrl: servers.upstream.url });
    try {
      servers.upstream.db.exec(
        'DELETE FROM law_week_materials; DELETE FROM law_week_events; DELETE FROM law_week_themes;',
      );
      const browser = await signedIn(fresh);
      expect(pageText(await (await browser.request('/lk/law-week')).text())).toContain(
        'Программа Недели права пока не опубликована.',
      );
      expect(pageText(await (await browser.request('/lk/law-week/themes')).text())).toContain(
        'Темы Недели права пока не опубликованы.',
      );
    } finally {
      await fresh.close();
    }
  });
});
