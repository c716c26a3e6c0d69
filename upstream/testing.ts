import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { contract, VERSION_HEADER, type CallName } from '#contract';
import { createUpstreamApp } from './app';
import { databaseFrom, openDatabase, type Db } from './db/open';
import { listMessages } from './db/outbox';
import { DEMO_USERS, seedDemoContent } from './seed/seed';
import { seededRandom } from './random';
import type { UpstreamDeps } from './services';

/**
 * Helpers for the upstream's own unit tests: a seeded in-memory app, a movable clock, a seeded shuffle (each test
 * sees the same order of questions on every run), and a typed caller.
 */

let template: Uint8Array | undefined;

/** The portal origin the test upstream's mailed links point to. */
export const TEST_PORTAL = 'http://portal.test';

/** Seeding hashes three passwords with scrypt; doing it once and copying the file keeps every test fast. */
async function seededDatabase(): Promise<Db> {
  if (!template) {
    const db = openDatabase(':memory:');
    await seedDemoContent(db, Date.UTC(2025, 0, 1));
    template = db.serialize();
    db.close();
  }
  return databaseFrom(template);
}

export interface CallOptions {
  query?: Record<string, string>;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

export interface Envelope {
  success: boolean;
  result: unknown;
  errors: Array<{ code: string; message: string; field?: string }>;
}

export async function createTestUpstream(deps: Omit<UpstreamDeps, 'db' | 'now'> = {}) {
  const db = await seededDatabase();
  const clock = { time: Date.UTC(2025, 5, 1, 9), advance: (ms: number) => (clock.time += ms) };
  const logged: string[] = [];
  const app = createUpstreamApp({
    portalOrigin: TEST_PORTAL,
    logError: (line) => logged.push(line),
    random: seededRandom(1),
    ...deps,
    db,
    now: () => clock.time,
  });

  async function call(name: CallName, options: CallOptions = {}) {
    const def = contract[name];
    const query = new URLSearchParams({ ...options.query, ...(options.token ? { token: options.token } : {}) });
    const headers: Record<string, string> = { Accept: 'application/json', [VERSION_HEADER]: '1', ...options.headers };
    let body: string | undefined;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['Content-Type'] = 'application/json';
    }
    const search = query.toString() ? `?${query}` : '';
    const response = await app.request(`${def.path}${search}`, { method: def.method, headers, body });
    return { status: response.status, envelope: (await response.json()) as Envelope };
  }

  async function login(user: { email: string; password: string } = DEMO_USERS.teacher) {
    const { status, envelope } = await call('login', { body: { login: user.email, password: user.password } });
    if (status !== 200) throw new Error(`login failed: ${JSON.stringify(envelope.errors)}`);
    return envelope.result as { id: number; token: { authToken: string; refreshToken: string } };
  }

  /**
   * Registers an account and, unless `confirm: false`, confirms its address as its owner would: with the token of
   * the link mailed to it. Returns the login result.
   */
  async function register(
    user: { email: string; password: string; firstName: string; lastName: string; phone: string },
    { confirm = true }: { confirm?: boolean } = {},
  ) {
    const { status, envelope } = await call('register', { body: { ...user, portalOrigin: TEST_PORTAL } });
    if (status !== 200) throw new Error(`register failed: ${JSON.stringify(envelope.errors)}`);
    if (confirm) {
      const confirmed = await call('confirmEmail', { body: { token: confirmationToken(user.email) } });
      if (confirmed.status !== 200) throw new Error(`confirm failed: ${JSON.stringify(confirmed.envelope.errors)}`);
    }
    return envelope.result as { id: number; token: { authToken: string; refreshToken: string } };
  }

  /** The token of the newest confirmation link mailed to this address. */
  function confirmationToken(email: string): string {
    const letter = listMessages(db, email).find((message) => message.subject === 'Подтвердите адрес электронной почты');
    const token = letter?.body.match(/\/confirm-email\/([\w-]+)/)?.[1];
    if (!token) throw new Error(`no confirmation link mailed to ${email}`);
    return token;
  }

  function count(table: string): number {
    return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  }

  return { app, db, clock, logged, call, login, register, confirmationToken, count };
}

/** The text of a PDF's first page, as a reader would copy it out (spaces collapsed). */
export async function pdfText(data: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data, useSystemFonts: false, isEvalSupported: false }).promise;
  const content = await (await pdf.getPage(1)).getTextContent();
  await pdf.destroy();
  return content.items
    .map((item) => ('str' in item ? item.str : ''))
    .join(' ')
    .replace(/\s+/g, ' ');
}
