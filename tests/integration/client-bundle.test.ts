import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md §2: no token-handling module reaches the client build. Scans what `remix vite:build` wrote to
 * build/client for traces of the server side: its libraries, its token names, its configuration, its texts.
 */

const clientDir = path.resolve('build/client');
/** The server build: index.js and the chunks a lazy import in the app splits off (root's session warning). */
const serverDir = path.resolve('build/server');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

/** Markers of code that must stay on the server, each with where it comes from. */
const markers: [marker: string, origin: string][] = [
  ['iron-webcrypto', 'the cookie sealing library'],
  ['Fe26.2', 'the iron seal format'],
  ['refreshToken', 'upstream token field'],
  ['authToken', 'upstream token field'],
  ['SESSION_SECRET', 'configuration'],
  ['REST_API_URL', 'configuration'],
  ['development-only-secret-never-use-in-production', 'the development session secret'],
  ['createSessionStore', 'bff/session/session.server.ts'],
  ['createCookieWriter', 'bff/session/cookie-writer.server.ts'],
  ['createResolver', 'bff/session/resolver.server.ts'],
  ['createSealer', 'bff/session/seal.server.ts'],
  ['createSingleFlight', 'bff/state/single-flight.server.ts'],
  ['createUpstreamClient', 'bff/rest/client.server.ts'],
  ['rate-limiter-flexible', 'the rate limit library'],
  ['RateLimiterMemory', 'the rate limit library'],
  ['RateLimiterRedis', 'the rate limit library'],
  ['ioredis', 'the Redis client'],
  ['REDIS_URL', 'configuration'],
  ['createSharedState', 'bff/state/state.server.ts'],
  ['createRedisFlight', 'bff/state/redis-flight.server.ts'],
  ['crypto-js', 'the AES library of the former honeypot (ADR 220)'],
  ['portal honeypot valid-from', 'the honeypot signature (bff/request/honeypot.server.ts)'],
  ['timingSafeEqual', 'the honeypot signature (bff/request/honeypot.server.ts)'],
  ['pino', 'the server logger'],
  ['node:sqlite', 'the reference upstream'],
  ['/rest/users/authentication', 'upstream paths (contract/)'],
  ['/rest/v2/users', 'upstream paths (contract/)'],
  ['X-Api-Version', 'the upstream version header'],
  // The form's alert knows a wait by its first words (shared/too-many-attempts.ts); the wait itself is made only by
  // the rate limits on the server.
  ['Повторите через', 'the wait of bff/request/rate-limit.server.ts'],
  ['Не удалось отправить форму', 'bff/request/forms.server.ts'],
  ['Сервис не ответил: это сбой', 'bff/request/forms.server.ts'],
  ['process.env', 'server configuration'],
];

/** A `*.server` module named anywhere: an import specifier or a file name in a chunk. */
const SERVER_MODULE = /[\w-]+\.server(?:\.[cm]?[jt]sx?)?(?=["'`?#]|$)/m;

const clientFiles = filesUnder(clientDir);
const clientScripts = clientFiles.filter((file) => /\.[cm]?js$/.test(file));

describe('the client build', () => {
  it('exists and holds the app’s own code (the scan reads real chunks)', () => {
    expect(clientScripts.length).toBeGreaterThanOrEqual(10);
    const all = clientScripts.map((file) => readFileSync(file, 'utf8')).join('\n');
    // Client-side texts and code: the error page copy, the login screen, hydration.
    expect(all).toContain('Запрашиваемая страница не существует.');
    expect(all).toContain('Забыли пароль?');
    expect(all).toContain('hydrateRoot');
  });

  it.each(clientScripts.map((file) => [path.relative(clientDir, file)]))('%s carries nothing of the server', (file) => {
    const text = readFileSync(path.join(clientDir, file), 'utf8');
    const found = markers
      .filter(([marker]) => text.includes(marker))
      .map(([marker, origin]) => `${marker} (${origin})`);
    const serverModule = SERVER_MODULE.exec(text);
    if (serverModule) found.push(`${serverModule[0]} (a .server module)`);
    expect(found).toEqual([]);
  });

  it('ships no source maps and no build manifest of the server', () => {
    expect(clientFiles.filter((file) => /\.map$|[/\\]\.vite[/\\]/.test(file))).toEqual([]);
  });
});

describe('the markers are real (control)', () => {
  it('the server bundle, built from the same sources, does contain the server markers', () => {
    const server = filesUnder(serverDir)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    for (const marker of [
      'iron-webcrypto',
      'refreshToken',
      'authToken',
      'rate-limiter-flexible',
      '/rest/users/authentication',
      'Слишком много попыток',
      'Не удалось отправить форму',
    ]) {
      expect(server, marker).toContain(marker);
    }
  });

  it('the pattern for .server modules matches import specifiers and file names', () => {
    for (const sample of [
      'from "../session/session.server"',
      "import('#bff/request/forms.server.ts')",
      'seal.server.js',
    ]) {
      expect(SERVER_MODULE.test(sample), sample).toBe(true);
    }
    expect(SERVER_MODULE.test('{children:f.serverError}')).toBe(false);
  });
});
