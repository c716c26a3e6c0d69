import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/** Shared helpers of the end-to-end suite: demo users, signing in through the real form, the upstream's dev tools. */

export const PRODUCT_TITLE = 'Образовательный портал';

export const DEMO = {
  teacher: { email: 'teacher@example.org', password: 'demo-password', name: 'Анна Иванова' },
  participant: { email: 'participant@example.org', password: 'demo-password', name: 'Пётр Смирнов' },
  admin: { email: 'admin@example.org', password: 'admin-password', name: 'Администратор Портала' },
} as const;

export interface Credentials {
  email: string;
  password: string;
}

/** The reference upstream the portal talks to (started by the config's webServer on its own port). */
export function upstreamUrl(path = ''): string {
  const port = process.env.E2E_UPSTREAM_PORT;
  if (!port) throw new Error('E2E_UPSTREAM_PORT is not set: run the suite through playwright.config.ts');
  return `http://127.0.0.1:${port}${path}`;
}

async function upstreamJson<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(upstreamUrl(path), {
    ...init,
    headers: { 'Content-Type': 'application/json', ...init?.headers },
  });
  if (!response.ok)
    throw new Error(`${init?.method ?? 'GET'} ${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface FaultRule {
  path?: string;
  status?: number;
  drop?: boolean;
  latencyMs?: number;
  malformed?: boolean;
  times?: number;
}

/** Breaks the next matching /rest requests on purpose (see upstream/README.md). */
export async function addFault(rule: FaultRule): Promise<void> {
  await upstreamJson('/__faults__', { method: 'POST', body: JSON.stringify(rule) });
}

export async function clearFaults(): Promise<void> {
  await upstreamJson('/__faults__', { method: 'DELETE' });
}

/**
 * The BFF retries a failed GET three times, so one page load asks the upstream four times: a fault meant to
 * reach the user must last that long.
 */
export const ATTEMPTS_PER_GET = 4;

export const PROFILE_CALL = '/rest/v2/users/profile/';

/** Requests the upstream received per contract call since it started (the suite never resets them). */
export async function upstreamStats(): Promise<Record<string, number>> {
  return upstreamJson('/__dev__/stats');
}

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
}

/** Mail the upstream "sent" to this address, newest first. */
export async function outbox(to: string): Promise<MailMessage[]> {
  return upstreamJson<MailMessage[]>(`/__dev__/outbox?to=${encodeURIComponent(to)}`);
}

/** A one-time sign-in link, as an operator would send it. */
export async function issuePass(email: string, portalOrigin: string): Promise<{ pass: string; link: string }> {
  return upstreamJson('/__dev__/passes', { method: 'POST', body: JSON.stringify({ email, portalOrigin }) });
}

/** An address nobody has used yet in this run: per project, per test, per call. */
let counter = 0;
export function uniqueEmail(testInfo: TestInfo, tag = 'user'): string {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}`;
  return `e2e-${tag}-${testInfo.project.name}-${testInfo.workerIndex}-${stamp}@example.org`;
}

export interface NewUser extends Credentials {
  firstName: string;
  lastName: string;
  /** Eleven digits, as the /rest API takes them. */
  phone: string;
}

/** A user nobody has signed up yet: a unique address, a name, a phone and a password. */
export function newUser(testInfo: TestInfo, tag = 'user'): NewUser {
  return {
    email: uniqueEmail(testInfo, tag),
    password: 'first-password-1',
    firstName: 'Ольга',
    lastName: 'Кузнецова',
    phone: '79001234567',
  };
}

/** The confirmation link of the newest registration letter to this address. */
export async function confirmationLink(email: string): Promise<string> {
  const letter = (await outbox(email)).find((message) => message.subject === 'Подтвердите адрес электронной почты');
  const link = letter?.body.match(/https?:\/\/\S+\/confirm-email\/[\w-]+/)?.[0];
  if (!link) throw new Error(`no confirmation link mailed to ${email}`);
  return link;
}

/**
 * Signs a user up directly with the upstream: the arrangement for tests about something else than
 * registration (which has its own test through the form). The address is confirmed as its owner would: with the
 * token of the mailed link; `confirm: false` leaves it unconfirmed.
 */
export async function registerUser(
  testInfo: TestInfo,
  tag = 'user',
  { confirm = true }: { confirm?: boolean } = {},
): Promise<NewUser> {
  const user = newUser(testInfo, tag);
  const { email, password, firstName, lastName, phone } = user;
  const portalOrigin = String(testInfo.project.use.baseURL ?? 'http://localhost:3000');
  await upstreamJson('/rest/v2/users/authentication/register/', {
    method: 'POST',
    headers: { Accept: 'application/json' },
    body: JSON.stringify({ email, password, firstName, lastName, phone, portalOrigin }),
  });
  if (confirm) {
    const token = new URL(await confirmationLink(email)).pathname.split('/').pop()!;
    await upstreamJson('/rest/v2/users/authentication/confirm/', {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body: JSON.stringify({ token }),
    });
  }
  return user;
}

/** The login form's fields, the way a person finds them: by their labels. */
export function loginForm(page: Page) {
  return {
    email: page.getByLabel('Электронная почта'),
    password: page.getByLabel('Пароль', { exact: true }),
    submit: page.getByRole('button', { name: 'Войти' }),
  };
}

/** Signs in through the real form on /login (or the page the browser is on, when it already shows the form). */
export async function login(page: Page, user: Credentials, { visit = true } = {}): Promise<void> {
  if (visit) await page.goto('/login');
  const form = loginForm(page);
  await form.email.fill(user.email);
  await form.password.fill(user.password);
  await form.submit.click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Signs out with the header's «Выйти» button and waits until the page shows a signed-out visitor. */
export async function logout(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Выйти' });
  await button.click();
  await expect(button).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Вход' }),
  ).toBeVisible();
}

/** The first-level heading of the screen. */
export function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

/**
 * Words the layout breaks inside, one line each ("Роспотре|бнадзор in dd"): every run of letters and digits on the
 * page whose characters land on more than one line. Text hidden from sight (the visually hidden, the collapsed)
 * has no lines to compare and is skipped. Issue 29: at a phone's width a word wraps whole or not at all.
 */
export async function wordsSplitAcrossLines(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const split: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, template')) continue;
      const box = parent.getBoundingClientRect();
      if (box.width <= 2 || box.height <= 2) continue;
      for (const match of (node.textContent ?? '').matchAll(/[\p{L}\p{M}\p{N}]{2,}/gu)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) {
          const at = parent.className
            ? `${parent.localName}.${String(parent.className).split(' ')[0]}`
            : parent.localName;
          split.push(`${match[0]} in ${at}`);
        }
      }
    }
    return split;
  });
}

/** Serious and critical WCAG 2.x A/AA (and axe best-practice) violations on the current page, one line each. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Holds back the page's scripts whose path matches, as a slow connection would, until `release` is called: what a
 * user does before hydration can then be done on purpose rather than by chance.
 */
export async function holdScripts(page: Page, path: RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(path, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Waits until React has hydrated the element, and then for its effects: hydration tags the element with its fiber,
 * and the effects of that commit run within the next task.
 */
export async function waitForHydration(element: Locator): Promise<void> {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'))))
    .toBe(true);
  await element.page().evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
}

/**
 * The page's console errors (and warnings, when asked) and uncaught exceptions, a hydration mismatch among them.
 * A form checked by its action before its schema has loaded or a refused answer is answered with 400,
 * which the browser logs as a failed resource: that is the designed path, not an error of the page.
 */
export function watchErrors(page: Page, { warnings = false } = {}): string[] {
  const errors: string[] = [];
  const types = warnings ? ['error', 'warning'] : ['error'];
  page.on('console', (message) => {
    if (types.includes(message.type()) && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * The dictation's clock on the writing page: with JavaScript it counts down from the hour; without it,
 * where a frozen «1:00:00» would mislead, the page says when the time ends.
 */
export async function expectClock(page: Page, javaScriptEnabled: boolean): Promise<void> {
  if (javaScriptEnabled) await expect(page.getByRole('timer')).toHaveText(/^(59:\d\d|1:00:00)$/);
  else await expect(page.locator('.countdown')).toHaveText(/^Время на текст — до \d{2}:\d{2} мск$/);
}
