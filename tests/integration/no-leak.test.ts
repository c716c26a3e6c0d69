import { expect, it } from 'vitest';
import { Client, DEMO_USERS } from './harness';
import { useServers } from './servers';
import { viewerNameOf } from './page';

/**
 * docs/architecture.md §1: the browser never sees an upstream token — not in HTML, hydration data, headers other than the
 * session's Set-Cookie lines, URLs — and no log line holds one. Every token the upstream issues during a full
 * journey is recorded at the portal's fetch, then looked for everywhere the portal answered or wrote.
 */

const SESSION_SECRET = 'integration-test-secret-integration-test-secret';

/** Everything the upstream answered, and every token found in those answers. */
const issuedTokens = new Set<string>();
const tokenKinds = new Map<string, number>();
const upstreamAnswers: string[] = [];

function collectTokens(value: unknown, call: string) {
  if (typeof value !== 'object' || value === null) return;
  for (const [key, inner] of Object.entries(value)) {
    if ((key === 'authToken' || key === 'refreshToken') && typeof inner === 'string') {
      issuedTokens.add(inner);
      tokenKinds.set(`${call}.${key}`, (tokenKinds.get(`${call}.${key}`) ?? 0) + 1);
    } else {
      collectTokens(inner, call);
    }
  }
}

const recordingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const text = await response.clone().text();
  upstreamAnswers.push(text);
  const call = new URL(String(input)).pathname.replace(/\/$/, '').split('/').slice(-1)[0]!;
  try {
    collectTokens(JSON.parse(text), call);
  } catch {
    // not JSON (an injected malformed answer): nothing issued
  }
  return response;
};

/** Everything the portal sent to the browser. */
const bodies: { label: string; text: string }[] = [];
const headerValues: { label: string; text: string }[] = [];
/** Every URL the browser loaded: the ones it was sent to, and the ones it started from (a pass link among them). */
const urls: { label: string; text: string }[] = [];
const setCookieValues: { label: string; text: string }[] = [];
const pending: Promise<void>[] = [];

class RecordingClient extends Client {
  override async request(target: string, options: Parameters<Client['request']>[1] = {}) {
    const response = await super.request(target, options);
    const label = `${options.method ?? (options.form ? 'POST' : 'GET')} ${target}`;
    urls.push({ label, text: target });
    response.headers.forEach((value, name) => {
      (name === 'set-cookie' ? setCookieValues : headerValues).push({ label: `${label} ${name}`, text: value });
    });
    pending.push(
      response
        .clone()
        .text()
        .then((text) => void bodies.push({ label, text })),
    );
    return response;
  }
}

/** Passes, passwords, recovery codes: secrets the user holds, which no answer or log may repeat either. */
const userSecrets = new Set<string>([SESSION_SECRET, DEMO_USERS.teacher.password, DEMO_USERS.admin.password]);
const recoveryCodes = new Set<string>();

const servers = useServers({ portal: { fetch: recordingFetch } });

const browser = () => new RecordingClient(servers.portal.origin);

async function journey() {
  // A guest looks around and mistypes the password.
  const guest = browser();
  for (const path of ['/', '/login', '/lk', '/_root.data', '/login?_data=routes/default/login', '/nope'])
    await guest.request(path);
  const wrong = await guest.submit('/login', { email: DEMO_USERS.teacher.email, password: 'wrong-password-1' });
  expect(wrong.status).toBe(400);

  // The teacher signs in and uses the cabinet, pages and data requests alike.
  const teacher = browser();
  expect((await teacher.login(DEMO_USERS.teacher.email, DEMO_USERS.teacher.password, '/lk/scenarios/5')).url).toBe(
    `${servers.portal.origin}/lk/scenarios/5`,
  );
  for (const path of [
    '/lk',
    '/lk/master-classes/3',
    '/profile',
    '/profile/security',
    '/week',
    '/',
    '/lk.data',
    '/_root.data',
    '/profile.data',
    '/lk?_data=root',
    '/scenarios-id?id=5',
    '/lk/testing/abc',
  ]) {
    await teacher.request(path);
  }
  expect((await teacher.submit('/lk', {}, { action: '/popups' })).status).toBe(303);
  const saved = await teacher.submit('/profile', { city: 'Тверь' }, { action: '/profile' });
  expect(saved.headers.get('Location')).toBe('/profile?saved=1#saved');
  await saved.arrayBuffer();
  expect(await (await teacher.request('/profile?saved=1')).text()).toContain('Сохранено');

  // Only the refresh cookie left: the page refreshes.
  const refreshOnly = (await teacher.cookieHeader()).split('; ').find((c) => c.startsWith('__Host-rvptk='))!;
  const returning = browser();
  const refreshed = await returning.request('/lk', { headers: { Cookie: refreshOnly } });
  expect(refreshed.status).toBe(200);
  expect(viewerNameOf(await refreshed.text())).toBe('Анна Иванова');

  // Upstream trouble: a 401 storm renewed once, a 500, a dropped connection, a malformed answer.
  await servers.upstream.fault({ path: '/rest/v2/users/profile/', status: 401, times: 1 });
  expect((await teacher.request('/lk/support')).status).toBe(200);
  await servers.upstream.fault({ path: '/rest/v2/users/profile/', status: 500, times: 4 });
  expect((await teacher.request('/profile')).status).toBe(500);
  await servers.upstream.fault({ path: '/rest/v2/users/profile/', drop: true, times: 4 });
  expect((await teacher.request('/lk')).status).not.toBe(200);
  await servers.upstream.fault({ path: '/rest/v2/users/profile/', malformed: true, times: 1 });
  expect((await teacher.request('/lk.data')).status).toBe(500);
  await servers.upstream.clearFaults();

  // The password changes; the old one is refused, the new one works.
  const newPassword = 'brand-new-password-1';
  userSecrets.add(newPassword);
  const changed = await teacher.submit(
    '/profile/security',
    { currentPassword: DEMO_USERS.teacher.password, newPassword, passwordConfirm: newPassword },
    { action: '/profile/security' },
  );
  expect(changed.status).toBe(303);
  await (await teacher.follow(changed.headers.get('Location')!)).response.arrayBuffer();

  // A one-time pass for the participant, then the same pass again.
  const { pass } = await servers.upstream.issuePass(DEMO_USERS.participant.email, servers.portal.origin);
  userSecrets.add(pass);
  const participant = browser();
  const opened = await participant.follow(`/lk/scenarios?pass=${encodeURIComponent(pass)}`);
  expect(opened.url).toBe(`${servers.portal.origin}/login/pass`);
  const viaPass = await participant.follow('/login/pass', { form: {} });
  expect(viaPass.url).toBe(`${servers.portal.origin}/lk/scenarios`);
  const replaying = browser();
  expect((await replaying.follow(`/?pass=${encodeURIComponent(pass)}`)).url).toBe(
    `${servers.portal.origin}/login/pass`,
  );
  const replayed = await replaying.follow('/login/pass', { form: {} });
  expect(replayed.url).toBe(`${servers.portal.origin}/login?reason=pass`);
  expect((await participant.logout('/lk/scenarios')).status).toBe(303);

  // Password recovery for the participant, with the code from the mail.
  const recovering = browser();
  const sent = await recovering.submit('/password', { email: DEMO_USERS.participant.email });
  expect(sent.status).toBe(303);
  const [letter] = await servers.upstream.outbox(DEMO_USERS.participant.email);
  const code = /\b(\d{6})\b/.exec(letter!.body)![1]!;
  recoveryCodes.add(code);
  const recoveredPassword = 'recovered-password-1';
  userSecrets.add(recoveredPassword);
  const confirmed = await recovering.submit(sent.headers.get('Location')!, {
    code,
    password: recoveredPassword,
    passwordConfirm: recoveredPassword,
  });
  expect(confirmed.headers.get('Location')).toBe('/login?reason=password-changed');
  expect((await browser().login(DEMO_USERS.participant.email, recoveredPassword)).url).toBe(
    `${servers.portal.origin}/lk`,
  );

  // The admin sign-in and a registration issue tokens too.
  const admin = browser();
  expect(
    (await admin.submit('/admin-auth', { email: DEMO_USERS.admin.email, password: DEMO_USERS.admin.password })).status,
  ).toBe(303);
  await admin.request('/lk');
  const newcomer = browser();
  const registrationPassword = 'registration-password-1';
  userSecrets.add(registrationPassword);
  const registered = await newcomer.submit('/registration', {
    lastName: 'Новикова',
    firstName: 'Ольга',
    email: 'olga.novikova@example.org',
    phone: '+7 (901) 234-56-78',
    password: registrationPassword,
    passwordConfirm: registrationPassword,
    consent: 'on',
  });
  expect(registered.status).toBe(303);
  await newcomer.request('/profile');

  // Logout, and the cookies of before replayed.
  const before = await teacher.cookieHeader();
  expect((await teacher.logout('/profile')).status).toBe(303);
  await browser().follow('/lk', { headers: { Cookie: before } });
  await teacher.request('/logout');
}

it('no token the upstream issued reaches a response body, a header, a URL or a log line', async () => {
  await journey();
  await Promise.all(pending);

  // The journey really issued tokens through every path that issues them.
  for (const kind of ['login', 'refresh', 'pass', 'register', 'auth']) {
    expect(
      [...tokenKinds.keys()].some((k) => k.startsWith(`${kind}.`)),
      `tokens from ${kind}`,
    ).toBe(true);
  }
  expect(issuedTokens.size).toBeGreaterThanOrEqual(10);
  expect(bodies.length).toBeGreaterThanOrEqual(50);
  // At least one line per request (the access line), plus the upstream calls.
  expect(servers.portal.logLines.length).toBeGreaterThan(bodies.length);

  const places = [
    ...bodies.map((b) => ({ ...b, where: 'body' })),
    ...headerValues.map((h) => ({ ...h, where: 'header' })),
    ...setCookieValues.map((h) => ({ ...h, where: 'Set-Cookie (sealed)' })),
    ...servers.portal.logLines.map((line, i) => ({ label: `log line ${i}`, text: line, where: 'log' })),
  ];
  const found: string[] = [];
  for (const secret of [...issuedTokens, ...userSecrets]) {
    for (const { label, text, where } of places) {
      if (text.includes(secret)) found.push(`${where} ${label}: ${secret.slice(0, 6)}…`);
    }
  }
  // The pass link the user opened holds its pass by design; no URL may hold an upstream token.
  for (const token of issuedTokens) {
    for (const { label, text } of urls) if (text.includes(token)) found.push(`URL ${label}: ${token.slice(0, 6)}…`);
  }
  for (const code of recoveryCodes) {
    const pattern = new RegExp(`(?<![\\w+/=-])${code}(?![\\w+/=-])`);
    for (const { label, text, where } of places) if (pattern.test(text)) found.push(`${where} ${label}: code ${code}`);
  }
  expect(found).toEqual([]);

  console.info(
    `no-leak: ${issuedTokens.size} tokens + ${userSecrets.size} user secrets + ${recoveryCodes.size} recovery code checked in ` +
      `${bodies.length} bodies, ${headerValues.length} headers, ${urls.length} URLs, ${setCookieValues.length} Set-Cookie lines, ` +
      `${servers.portal.logLines.length} log lines (${upstreamAnswers.length} upstream answers recorded)`,
  );
});
