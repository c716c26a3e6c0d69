import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client, decodeHtml, DEMO_USERS } from './harness';
import { useServers } from './servers';
import { headingOf } from './page';

/** The scenarios screens against the reference upstream: search, filters, the item, its files, and failures. */

let teacher: Client;

const servers = useServers();

beforeAll(async () => {
  teacher = servers.portal.client();
  await teacher.login(DEMO_USERS.teacher.email, DEMO_USERS.teacher.password);
});

afterEach(() => servers.upstream.clearFaults());

async function page(target: string) {
  const response = await teacher.request(target);
  return { response, html: await response.text() };
}

/** The page's text as a reader sees it: React's separators between adjacent texts removed, entities decoded. */
const textOf = (html: string) => decodeHtml(html.replace(/<!-- -->/g, ''));

const titlesOf = (html: string) =>
  [...html.matchAll(/<h2><a [^>]*href="\/lk\/scenarios\/\d+(?:\?[^"]*)?">([^<]+)<\/a><\/h2>/g)].map((m) =>
    decodeHtml(m[1]!),
  );

describe('/lk/scenarios', () => {
  it('a scenario opened from a filtered list leads «Все сценарии» back to that list (ADR 234)', async () => {
    const { html } = await page('/lk/scenarios?topic=finance&page=2');
    const href = decodeHtml(/<h2><a [^>]*href="(\/lk\/scenarios\/\d+\?[^"]*)">/.exec(html)![1]!);
    expect(href).toMatch(/^\/lk\/scenarios\/\d+\?topic=finance&page=2$/);
    const item = await page(href);
    expect(decodeHtml(item.html)).toContain('href="/lk/scenarios?topic=finance&page=2">Все сценарии</a>');
  });

  it('shows a light first page of the thousand scenarios, with filters built from the data', async () => {
    const { response, html } = await page('/lk/scenarios');
    expect(response.status).toBe(200);
    expect(headingOf(html)).toBe('Сценарии');
    expect(textOf(html)).toContain('Найдено: 1\u00a0200 сценариев');
    expect(titlesOf(html)).toHaveLength(20);
    expect(Buffer.byteLength(html)).toBeLessThan(80 * 1024);
    expect(textOf(html)).toContain('<option value="finance">Финансовая грамотность (120)</option>');
    expect(textOf(html)).toMatch(/<option value="parents">Родители \(\d+\)<\/option>/);
    expect(response.headers.get('Server-Timing')).toMatch(/scenariosList/);
  });

  it('searches and filters from the URL, and a second identical view makes no upstream call', async () => {
    const target = '/lk/scenarios?q=КОНСТИТУЦ&topic=constitution&sort=title';
    const first = await page(target);
    const titles = titlesOf(first.html);
    expect(titles.length).toBeGreaterThan(0);
    expect(titles).toEqual([...titles].sort());
    expect(first.html).toMatch(/<option value="title" selected="">По названию<\/option>/);
    const before = (await servers.upstream.stats()).scenariosList;
    const second = await page(target);
    expect(titlesOf(second.html)).toEqual(titles);
    expect((await servers.upstream.stats()).scenariosList).toBe(before);
  });

  it('ignores filter values it cannot use instead of failing', async () => {
    const { response, html } = await page('/lk/scenarios?page=abc&audience=99&sort=random&topic=%3Cb%3E');
    expect(response.status).toBe(200);
    expect(textOf(html)).toContain('Найдено: 1\u00a0200 сценариев');
  });

  it('says so when nothing matches', async () => {
    const { html } = await page('/lk/scenarios?q=абракадабра');
    expect(textOf(html)).toContain('Ничего не нашлось. Измените запрос или сбросьте фильтры.');
  });

  it('shows the error page when the upstream fails', async () => {
    await servers.upstream.fault({ path: '/rest/scenarios/list/', status: 500 });
    const { response, html } = await page('/lk/scenarios?q=сбой');
    expect(response.status).toBe(500);
    expect(html).toContain('Перезагрузите страницу.');
  });

  it('sends a visitor who is not signed in to the login', async () => {
    const response = await servers.portal.client().request('/lk/scenarios?topic=finance');
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toMatch(/^\/login\?redirectTo=/);
  });
});

describe('/lk/scenarios/{id}', () => {
  it('shows the scenario, its images in place and its other files as downloads with size and type', async () => {
    const { response, html } = await page('/lk/scenarios/4');
    expect(response.status).toBe(200);
    const images = [...html.matchAll(/<img src="(\/lk\/scenarios\/4\/files\/\d+)"/g)].map((m) => m[1]!);
    const downloads = [...html.matchAll(/<a href="(\/lk\/scenarios\/4\/files\/\d+)" download="([^"]+)"/g)];
    expect(downloads[0]?.[2]).toBe('Конспект занятия.pdf');
    expect(textOf(html)).toMatch(/PDF, 9,\d КБ/);
    expect(html).not.toContain('/files/scenarios/');

    const pdf = await teacher.request(downloads[0]![1]!);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    expect(pdf.headers.get('Content-Disposition')).toContain(
      "filename*=UTF-8''%D0%9A%D0%BE%D0%BD%D1%81%D0%BF%D0%B5%D0%BA%D1%82",
    );
    expect(bytes.equals(readFileSync('upstream/files/scenarios/lesson-plan.pdf'))).toBe(true);

    for (const src of images) {
      const image = await teacher.request(src);
      expect(image.status).toBe(200);
      expect(image.headers.get('Content-Type')).toMatch(/^image\//);
      expect(image.headers.get('Content-Disposition')).toBe('inline');
      await image.arrayBuffer();
    }
  });

  it('answers 404 for an unknown scenario, a malformed id and a material that is not there', async () => {
    for (const target of ['/lk/scenarios/999999', '/lk/scenarios/99999999999', '/lk/scenarios/4/files/99']) {
      const response = await teacher.request(target);
      expect(response.status, target).toBe(404);
      await response.arrayBuffer();
    }
    const { html } = await page('/lk/scenarios/999999');
    expect(html).toContain('Запрашиваемая страница не существует.');
  });

  it('keeps the files behind the sign-in', async () => {
    const response = await servers.portal.client().request('/lk/scenarios/4/files/1');
    expect(response.status).toBe(302);
  });
});
