import { setTimeout as sleep } from 'node:timers/promises';
import { connect } from 'node:net';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FLAT_PATHS } from '../../app/lib/flat-paths';
import { DEMO_USERS, type Client } from './harness';
import { useServers } from './servers';
import { headingOf, titleOf, viewerNameOf } from './page';

/** docs/product.md §2 walked path by path: what a guest and a signed-in teacher get at every address. */

const PRODUCT = 'Образовательный портал';
const TEACHER = `${DEMO_USERS.teacher.firstName} ${DEMO_USERS.teacher.lastName}`;

/** Public layout `default`: path → its <h1>; `signedIn: '/lk'` where a signed-in visitor is sent to the cabinet. */
const publicScreens: { path: string; heading: string; signedIn?: '/lk' }[] = [
  { path: '/', heading: PRODUCT },
  { path: '/dictation2024', heading: PRODUCT },
  { path: '/login', heading: 'Вход', signedIn: '/lk' },
  { path: '/dictation2024-login', heading: 'Вход', signedIn: '/lk' },
  { path: '/password', heading: 'Восстановление пароля', signedIn: '/lk' },
  { path: '/registration', heading: 'Регистрация', signedIn: '/lk' },
  { path: '/dictation', heading: 'Диктант' },
  { path: '/admin-auth', heading: 'Вход для администратора', signedIn: '/lk' },
  { path: '/week', heading: 'Программа недели' },
];

/** Layouts `lk` and `profile`: every screen, with and without its optional id. */
const signedInScreens: { path: string; heading: string }[] = [
  { path: '/lk', heading: 'Личный кабинет' },
  { path: '/lk/dictations', heading: 'Диктанты' },
  { path: '/lk/dictations/2', heading: 'Осенний диктант «Лесная тропа»' },
  { path: '/lk/master-classes', heading: 'Мастер-классы' },
  { path: '/lk/master-classes/3', heading: 'Финансовая грамотность для младших школьников' },
  { path: '/lk/scenarios', heading: 'Сценарии' },
  { path: '/lk/scenarios/5', heading: 'Квест «Возврат товара без споров»' },
  { path: '/lk/law-week', heading: 'Неделя права' },
  { path: '/lk/law-week/themes', heading: 'Темы недели права' },
  { path: '/lk/author-questions', heading: 'Вопросы автору' },
  { path: '/lk/testing', heading: 'Тестирование' },
  { path: '/lk/testing/3', heading: 'Семейный бюджет' },
  { path: '/lk/support', heading: 'Поддержка' },
  { path: '/profile', heading: 'Профиль' },
  { path: '/profile/security', heading: 'Безопасность' },
];

// Digits that are no id too: zero, beyond the contract's 2³¹−1.
const badIds = ['abc', '1e3', '-1', '5a', '%20', '0', '000', '2147483648', '9'.repeat(300)].flatMap((id) =>
  ['scenarios', 'dictations', 'master-classes', 'testing'].map((section) => `/lk/${section}/${id}`),
);

const unknownPaths = ['/nope', '/lk/unknown', '/lk/scenarios/5/extra', '/profile/other', '/login/extra', '/week/1'];

function expectedTitle(heading: string) {
  return heading === PRODUCT ? PRODUCT : `${heading} | ${PRODUCT}`;
}

let guest: Client;
let teacher: Client;

const servers = useServers();

beforeAll(async () => {
  guest = servers.portal.client();
  teacher = servers.portal.client();
  const signIn = await teacher.login(DEMO_USERS.teacher.email, DEMO_USERS.teacher.password);
  expect(signIn.url).toBe(`${servers.portal.origin}/lk`);
});

async function page(client: Client, path: string, method = 'GET') {
  const response = await client.request(path, { method });
  const html = await response.text();
  // React 18's stream renderer can leave NUL bytes inside Cyrillic text; no page may carry one.
  expect(html.includes('\u0000'), `NUL byte in ${path}`).toBe(false);
  return { status: response.status, location: response.headers.get('Location'), html };
}

describe('anonymous visitor', () => {
  it.each(publicScreens)('$path → 200 with its heading', async ({ path, heading }) => {
    const { status, html } = await page(guest, path);
    expect(status).toBe(200);
    expect(headingOf(html)).toBe(heading);
    expect(titleOf(html)).toBe(expectedTitle(heading));
    expect(viewerNameOf(html)).toBeNull();
  });

  it.each(signedInScreens)('$path → the login page, which brings them back', async ({ path }) => {
    const { status, location } = await page(guest, path);
    expect(status).toBe(302);
    expect(location).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
  });

  it('follows the cabinet redirect to a login form that carries the way back', async () => {
    const { response, url } = await guest.follow('/lk/scenarios/5');
    expect(response.status).toBe(200);
    expect(url).toBe(`${servers.portal.origin}/login?redirectTo=%2Flk%2Fscenarios%2F5`);
    const html = await response.text();
    expect(headingOf(html)).toBe('Вход');
    expect(html).toContain('name="redirectTo" value="/lk/scenarios/5"');
  });
});

describe('signed-in teacher', () => {
  it.each(publicScreens)(
    '$path → its screen (or the cabinet, for sign-in screens)',
    async ({ path, heading, signedIn }) => {
      const { status, location, html } = await page(teacher, path);
      if (signedIn) {
        expect(status).toBe(302);
        expect(location).toBe(signedIn);
        return;
      }
      expect(status).toBe(200);
      expect(headingOf(html)).toBe(heading);
      expect(titleOf(html)).toBe(expectedTitle(heading));
    },
  );

  it.each(signedInScreens)('$path → 200 with its heading and the teacher’s name', async ({ path, heading }) => {
    const { status, html } = await page(teacher, path);
    expect(status).toBe(200);
    expect(headingOf(html)).toBe(heading);
    expect(titleOf(html)).toBe(expectedTitle(heading));
    expect(viewerNameOf(html)).toBe(TEACHER);
  });
});

describe('ids that are not digits (docs/product.md §5)', () => {
  it.each(badIds)('%s → 404 Page not found, for a guest and for the teacher', async (path) => {
    for (const client of [guest, teacher]) {
      const { status, html } = await page(client, path);
      expect(status).toBe(404);
      expect(html).toContain(`Page not found: ${path}`);
      expect(headingOf(html)).toBe('Ошибка 404');
      expect(titleOf(html)).toBe(`${PRODUCT} | Ошибка 404`);
    }
  });
});

describe('ids written with leading zeros are digits too (docs/product.md §5)', () => {
  it.each([
    ['/lk/master-classes/01', '/lk/master-classes/1', 'Как провести урок права в пятом классе'],
    ['/lk/dictations/007', '/lk/dictations/7', null],
    ['/lk/testing/03', '/lk/testing/3', 'Семейный бюджет'],
  ])('%s → 301 to %s, which the teacher opens', async (path, canonical, heading) => {
    const { status, location } = await page(teacher, path);
    expect(status).toBe(301);
    expect(location).toBe(canonical);
    const opened = await page(teacher, canonical);
    if (heading === null) return;
    expect(opened.status).toBe(200);
    expect(headingOf(opened.html)).toContain(heading);
  });

  it('a guest is sent to the one address first, then to sign in', async () => {
    expect(await page(guest, '/lk/scenarios/0005')).toMatchObject({ status: 301, location: '/lk/scenarios/5' });
  });
});

describe('unknown paths (docs/product.md §8)', () => {
  it.each(unknownPaths)('GET and POST %s → 404 Page not found', async (path) => {
    for (const client of [guest, teacher]) {
      for (const method of ['GET', 'POST']) {
        const { status, html } = await page(client, path, method);
        expect(status, `${method} ${path}`).toBe(404);
        expect(html).toContain(`Page not found: ${path}`);
        expect(headingOf(html)).toBe('Ошибка 404');
      }
    }
  });

  describe('request targets a URL parser refuses', () => {
    /** Sent raw: fetch would refuse to build these URLs at all. */
    function rawGet(target: string): Promise<string> {
      const { hostname, port } = new URL(servers.portal.origin);
      return new Promise((resolve, reject) => {
        const socket = connect(Number(port), hostname, () => {
          socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`);
        });
        let answer = '';
        socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
        socket.on('end', () => resolve(answer)).on('error', reject);
      });
    }

    it.each(['//[', '//%/', '//x:99999/'])('%s is answered and the server keeps serving', async (target) => {
      const answer = await rawGet(target);
      expect(answer).toMatch(/^HTTP\/1\.1 \d{3} /);
      // The access line is written after the answer; give a crash there the chance to happen.
      await sleep(50);
      expect((await fetch(`${servers.portal.origin}/robots.txt`)).status).toBe(200);
    });
  });

  describe('malformed percent-encoding', () => {
    const malformed = ['/%E0%A4%A', '/%', '/lk/%zz', '/login?redirectTo=%E0%A4%A'];

    it.each(malformed)('%s: the request is logged and the server keeps serving', async (path) => {
      const response = await fetch(`${servers.portal.origin}${path}`);
      const requestId = response.headers.get('X-Request-Id')!;
      await response.text();
      // The access line is written once the answer is finished; if writing it throws, the process dies.
      await vi.waitFor(() => {
        const accessLine = servers.portal.logLines.find(
          (line) => line.includes(requestId) && line.includes('"msg":"request"'),
        );
        expect(accessLine, 'access log line').toBeDefined();
      });
      expect((await fetch(`${servers.portal.origin}/robots.txt`)).status).toBe(200);
    });

    it.each(malformed.filter((path) => !path.includes('?')))(
      '%s: a path that names no screen → 404, not 500',
      async (path) => {
        const response = await fetch(`${servers.portal.origin}${path}`);
        const body = await response.text();
        expect(response.status).toBe(404);
        expect(body).toContain(`Page not found: ${path}`);
        expect(headingOf(body)).toBe('Ошибка 404');
        expect(body).not.toMatch(/URIError|decodeURIComponent/);
      },
    );
  });

  it('escapes the path it reports', async () => {
    const { status, html } = await page(guest, '/x%22%3E%3Cimg%20src=x%20onerror=alert(1)%3E');
    expect(status).toBe(404);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
  });
});

describe('flat fallback paths (docs/product.md §2, ADR 209)', () => {
  const flat: [string, string][] = [
    ['/scenarios-id?id=5', '/lk/scenarios/5'],
    ['/dictations-id?id=12', '/lk/dictations/12'],
    ['/master-classes-id?id=3', '/lk/master-classes/3'],
    ['/testing-id?id=7', '/lk/testing/7'],
    ['/scenarios-id', '/lk/scenarios'],
    ['/testing-id?id=', '/lk/testing'],
    ['/law-week-themes', '/lk/law-week/themes'],
    ['/law-week', '/lk/law-week'],
    ['/author-questions', '/lk/author-questions'],
    ['/support', '/lk/support'],
    ['/scenarios', '/lk/scenarios'],
    ['/master-classes-id?id=3&status=1', '/lk/master-classes/3?status=1'],
  ];

  it.each(flat)('%s → 301 %s', async (path, target) => {
    const { status, location } = await page(guest, path);
    expect(status).toBe(301);
    expect(location).toBe(target);
  });

  it.each(['/scenarios-id?id=abc', '/dictations-id?id=-1', '/testing-id?id=1e3'])('%s → 404', async (path) => {
    const { status, html } = await page(teacher, path);
    expect(status).toBe(404);
    expect(html).toContain(`Page not found: ${new URL(path, servers.portal.origin).pathname}`);
  });

  it('every listed flat path leads a signed-in user to a screen that renders', async () => {
    for (const flatPath of Object.keys(FLAT_PATHS)) {
      const { response, url, hops } = await teacher.follow(`/${flatPath}`);
      expect(hops[0]?.status, flatPath).toBe(301);
      expect(response.status, flatPath).toBe(200);
      expect(new URL(url).pathname, flatPath).toMatch(/^\/lk\//);
      expect(signedInScreens.map((s) => s.heading)).toContain(headingOf(await response.text()));
    }
  });
});
