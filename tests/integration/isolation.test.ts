import { beforeAll, expect, it } from 'vitest';
import { DEMO_USERS } from './harness';
import { useServers } from './servers';

/**
 * docs/architecture.md §3: nothing per-user lives at module scope. Two users and a guest, interleaved under load, with and
 * without the auth cookie (so refreshes run side by side), never see each other's data.
 */

const PER_USER = 40;
const users = {
  teacher: DEMO_USERS.teacher,
  participant: DEMO_USERS.participant,
} as const;
type Who = keyof typeof users;

const markers = (who: Who) => [users[who].email, users[who].firstName, users[who].lastName];
const other = (who: Who): Who => (who === 'teacher' ? 'participant' : 'teacher');

const paths = ['/lk', '/profile', '/lk.data', '/profile.data', '/_root.data', '/lk/scenarios/3', '/profile/security'];

const cookies = {} as Record<Who, { both: string; refreshOnly: string }>;

const servers = useServers();

beforeAll(async () => {
  for (const who of Object.keys(users) as Who[]) {
    const client = servers.portal.client();
    const { url } = await client.login(users[who].email, users[who].password);
    expect(url).toBe(`${servers.portal.origin}/lk`);
    const both = await client.cookieHeader();
    cookies[who] = { both, refreshOnly: both.split('; ').find((c) => c.startsWith('__Host-rvptk='))! };
  }
});

function expectOnly(who: Who | 'guest', body: string, label: string) {
  const own = who === 'guest' ? [] : markers(who);
  const foreign = who === 'guest' ? [...markers('teacher'), ...markers('participant')] : markers(other(who));
  for (const marker of own) expect(body, `${label}: own ${marker}`).toContain(marker);
  for (const marker of foreign) expect(body, `${label}: foreign ${marker}`).not.toContain(marker);
}

it(`2 × ${PER_USER} interleaved requests (pages and data, half of them refreshing) and guests never mix`, async () => {
  const requests: { who: Who | 'guest'; path: string; cookie?: string }[] = [];
  for (let i = 0; i < PER_USER; i++) {
    for (const who of ['teacher', 'participant'] as const) {
      const cookie = i % 2 === 0 ? cookies[who].both : cookies[who].refreshOnly;
      requests.push({ who, path: paths[i % paths.length]!, cookie });
    }
    if (i % 4 === 0) requests.push({ who: 'guest', path: i % 8 === 0 ? '/' : '/_root.data' });
  }
  const before = await servers.upstream.stats();

  const results = await Promise.all(
    requests.map(async (request) => {
      const headers: Record<string, string> = request.cookie ? { Cookie: request.cookie } : {};
      const response = await servers.portal.client().request(request.path, { headers });
      return { ...request, response, body: await response.text() };
    }),
  );

  for (const { who, path, cookie, response, body } of results) {
    const label = `${who} ${path}${cookie?.startsWith('__Host-rvptk') ? ' (refreshing)' : ''}`;
    expect(response.status, label).toBe(200);
    expectOnly(who, body, label);
  }
  const after = await servers.upstream.stats();
  // One refresh per user however many of their requests needed it.
  expect(after.refresh - before.refresh).toBe(2);

  // Every renewed auth cookie handed out belongs to the user who asked for it.
  const renewed = results.filter((r) => r.cookie?.startsWith('__Host-rvptk'));
  expect(renewed).toHaveLength(PER_USER);
  await Promise.all(
    renewed.map(async ({ who, response }) => {
      const authCookie = response.headers.getSetCookie().find((c) => c.startsWith('__Host-vptk='));
      expect(authCookie).toBeDefined();
      const check = await servers.portal
        .client()
        .request('/_root.data', { headers: { Cookie: authCookie!.split(';')[0]! } });
      expectOnly(who as Who, await check.text(), `${who}'s renewed cookie`);
    }),
  );
});

it('the profile form of each user is filled with their own data only', async () => {
  const [teacher, participant] = await Promise.all(
    (['teacher', 'participant'] as const).map(async (who) => {
      const response = await servers.portal.client().request('/profile', { headers: { Cookie: cookies[who].both } });
      return response.text();
    }),
  );
  expect(teacher).toContain(`value="${DEMO_USERS.teacher.lastName}"`);
  expect(teacher).toContain(`value="${DEMO_USERS.teacher.organization}"`);
  expect(participant).toContain(`value="${DEMO_USERS.participant.lastName}"`);
  expect(participant).not.toContain(DEMO_USERS.teacher.organization);
});
