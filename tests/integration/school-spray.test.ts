import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Client } from './harness';
import { useServers } from './servers';

/**
 * Issue 36, ADR 216: a class of 40 pupils signs in from a school's one address while one pupil at that address
 * sprays wrong passwords over many accounts, with the portal's default limits. Every request comes from one
 * loopback address. The limits run on the clock the test moves (`Date` is faked, nothing else), so minutes of a
 * school morning pass in seconds; the limiter is the built server's own, in memory (the Redis one counts by
 * Redis's clock: `bff/request/rate-limit.test.ts` runs the same lanes on it).
 */

const CLASS = 40;
/** The portal's defaults: failed attempts per address and form in 15 minutes before it slows down. */
const PER_ADDRESS = 30;
const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe('a class behind one address while one pupil sprays, default limits', () => {
  const servers = useServers({ portal: () => ({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: undefined } }) });
  afterEach(() => vi.useRealTimers());

  let run = 0;
  /** The class's accounts, made at the upstream (accounts that exist, a browser that never signed in to them). */
  async function makeClass() {
    run += 1;
    const pupils = Array.from({ length: CLASS }, (_, n) => ({
      email: `pupil.${n}.spray${run}@school.example`,
      password: `pupil-password-${n}`,
    }));
    for (const account of pupils) await servers.upstream.register(account);
    return pupils;
  }

  type Event = { at: number; order: number; act: () => Promise<void> };

  /**
   * One sprayer (a wrong password on each of `victims`, one every `every` ms from 0) and the class (pupil n opens
   * /login at 3n seconds, every eighth mistyping their password first, then retrying after the 429's
   * Retry-After as the message says): when each pupil got in, and what the sprayer's attempts came to.
   */
  async function morning(options: { sprayerKeepsCookies: boolean; victims: string[]; every: number }) {
    const pupils = await makeClass();
    // Each morning two hours after the last on the faked clock: no count of an earlier one is left.
    const start = Date.now() + (run - 1) * 2 * 60 * MINUTE;
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const signedInAt = new Map<number, number>();
    const spray = { let: 0, refused: 0, waits: [] as number[], letAt: [] as number[] };
    let schedule: (at: number, act: () => Promise<void>) => void = () => {};
    const sprayerBrowser = servers.portal.client();

    const pupilTries = (n: number, browser: Client, typo: boolean) => async () => {
      const { email, password } = pupils[n]!;
      const now = Date.now() - start;
      const response = await browser.submit('/login', { email, password: typo ? `${password}-typo` : password });
      await response.arrayBuffer();
      if (response.status === 303) signedInAt.set(n, now);
      else if (response.status === 429) {
        const wait = Number(response.headers.get('Retry-After'));
        expect(wait).toBeGreaterThan(0);
        schedule(now + wait * SECOND, pupilTries(n, browser, typo));
      } else {
        expect(response.status, email).toBe(400);
        // The typo noticed: the right password ten seconds later.
        schedule(now + 10 * SECOND, pupilTries(n, browser, false));
      }
    };
    const sprays = (i: number) => async () => {
      const now = Date.now() - start;
      const browser = options.sprayerKeepsCookies ? sprayerBrowser : servers.portal.client();
      const response = await browser.submit('/login', { email: options.victims[i]!, password: 'qwerty123' });
      await response.arrayBuffer();
      if (response.status === 429) {
        spray.refused += 1;
        spray.waits.push(Number(response.headers.get('Retry-After')));
      } else {
        expect(response.status).toBe(400);
        spray.let += 1;
        spray.letAt.push(now);
      }
    };
    const events: Event[] = [
      ...options.victims.map((_, i) => ({ at: i * options.every, order: i, act: sprays(i) })),
      ...pupils.map((_, n) => ({
        at: n * 3 * SECOND,
        order: options.victims.length + n,
        act: pupilTries(n, servers.portal.client(), n % 8 === 3),
      })),
    ];
    // The morning: events in the order of their times, one request at a time, the clock set to each one's time.
    const queue = [...events];
    let order = queue.length;
    schedule = (at, act) => queue.push({ at, order: order++, act });
    for (;;) {
      queue.sort((a, b) => a.at - b.at || a.order - b.order);
      const next = queue.shift();
      if (!next) break;
      vi.setSystemTime(start + next.at);
      await next.act();
    }
    vi.useRealTimers();
    const within = (ms: number) => [...signedInAt.values()].filter((at) => at <= ms).length;
    return { signedInAt, within, spray };
  }

  /** At most the address's 30 failures and one a minute since: the bound of ADR 216. */
  const sprayBound = (ms: number) => PER_ADDRESS + 1 + Math.floor(ms / MINUTE);

  it(`${CLASS} fresh pupils arriving within two minutes get in within three while one of them sprays from his browser`, async () => {
    // Someone else's accounts, most of them not there: 100 in all, one every two seconds, from one browser.
    const victims = Array.from({ length: 100 }, (_, i) => `nobody.${i}.kept@school.example`);
    const { within, signedInAt, spray } = await morning({ sprayerKeepsCookies: true, victims, every: 2 * SECOND });
    console.info(
      `class of ${CLASS}, sprayer keeping its cookies: ${within(MINUTE)} in within 1 min, ${within(2 * MINUTE)} within 2, ` +
        `${within(3 * MINUTE)} within 3, ${signedInAt.size} in all, the last at ${Math.max(...signedInAt.values()) / SECOND} s; the spray: ${spray.let} wrong passwords let through, ` +
        `${spray.refused} refused`,
    );
    expect(within(3 * MINUTE)).toBeGreaterThanOrEqual(36);
    // The spray stays held: never past the address's bound, at any moment of the morning.
    spray.letAt.forEach((at, i) => expect(i + 1).toBeLessThanOrEqual(sprayBound(at)));
    expect(spray.let).toBeLessThanOrEqual(sprayBound(200 * SECOND));
    for (const wait of spray.waits) expect(wait).toBeLessThanOrEqual(60);
  }, 240_000);

  it('a spray that drops its cookies before every attempt is held as before: 100 accounts, at most 30 and one a minute', async () => {
    const victims = Array.from({ length: 100 }, (_, i) => `nobody.${i}.shed@school.example`);
    const { within, signedInAt, spray } = await morning({ sprayerKeepsCookies: false, victims, every: 2 * SECOND });
    console.info(
      `class of ${CLASS}, sprayer shedding its cookies: ${within(MINUTE)} in within 1 min, ${within(2 * MINUTE)} within 2, ` +
        `${within(3 * MINUTE)} within 3, ${signedInAt.size} in all, the last at ${Math.max(...signedInAt.values()) / SECOND} s; the spray: ${spray.let} wrong passwords let through, ` +
        `${spray.refused} refused`,
    );
    spray.letAt.forEach((at, i) => expect(i + 1).toBeLessThanOrEqual(sprayBound(at)));
    expect(spray.let).toBeLessThanOrEqual(sprayBound(200 * SECOND));
    expect(spray.refused).toBeGreaterThanOrEqual(100 - sprayBound(200 * SECOND));
    // Every pupil gets in in the end.
    expect(signedInAt.size).toBe(CLASS);
  }, 240_000);
});
