import { createHash, randomBytes } from 'node:crypto';
import { parse as parseCookies, serialize, type CookieSerializeOptions } from 'cookie';
import { z } from 'zod';
import type { Config } from '../config.server';
import type { CallResult } from '#contract';
import { days, hours } from '#shared/time';
import type { Sealer } from './seal.server';

/** docs/product.md §9: the session countdown (68 hours) and the refresh cookie's lifetime (1 year). */
export const SESSION_COUNTDOWN = hours(68);
const REFRESH_COOKIE_LIFETIME = days(365);
const DEVICE_COOKIE_LIFETIME = days(365);
/** A browser's failures count for 15 minutes: a day outlives them with room to spare. */
const BROWSER_COOKIE_LIFETIME = days(1);
/** Browsers drop a cookie longer than this silently; the user would loop at the login (RFC 6265 §6.1). */
const MAX_COOKIE_BYTES = 4096;

/**
 * `sid`: the session's id, random, given at the sign-in and carried by every cookie minted from it, refreshes
 * included, so that a logout ends every copy of the session, not only the tokens it holds.
 */
const sessionId = z.string().min(16).max(64);
const authCookie = z.object({
  uid: z.number().int().positive(),
  at: z.string().min(1),
  iat: z.number(),
  sid: sessionId,
});
/** `since`: the sign-in; `seen`: the last request, to within an hour. */
const refreshCookie = z.object({
  uid: z.number().int().positive(),
  rt: z.string().min(1),
  since: z.number(),
  seen: z.number(),
  sid: sessionId,
});
export type RefreshCookie = z.infer<typeof refreshCookie>;
/** A browser that signed in to the login hashed as `lh`; `id` tells devices apart. */
const deviceCookie = z.object({ lh: z.string().min(1), id: z.string().min(1) });
/** A browser's own random id, which the sign-in limits count its failures by; it names nobody. */
const browserCookie = z.object({ id: z.string().min(16).max(64) });
const loginHash = (login: string) => createHash('sha256').update(login.trim().toLowerCase()).digest('base64url');

/**
 * One request's cookies: unseals the incoming ones once, seals and collects the outgoing
 * `Set-Cookie` lines, and knows whether the response depends on who asked. It never calls the upstream.
 */
export function createCookieWriter(sealer: Sealer, settings: Config['session'], cookieHeader = '') {
  const {
    authCookie: authName,
    refreshCookie: refreshName,
    deviceCookie: deviceName,
    browserCookie: browserName,
  } = settings;
  const attributes: CookieSerializeOptions = { httpOnly: true, secure: settings.secure, sameSite: 'lax', path: '/' };
  const cookies = parseCookies(cookieHeader);
  const changes = new Map<string, string>();
  let held: Promise<{ auth: z.infer<typeof authCookie> | null; refreshed: RefreshCookie | null }> | undefined;
  /** The session's start, from its refresh cookie or its sign-in: no cookie outlives the absolute limit. */
  let since = Date.now();
  /** After `end`, a renewal still in flight must not write the auth cookie back. */
  let ended = false;
  let personal = false;

  /** A `Set-Cookie` line whose seal and `Max-Age` end together. */
  async function sealedLine(name: string, value: unknown, ttl: number) {
    const sealed = await sealer.seal(value, ttl);
    return serialize(name, sealed, { ...attributes, maxAge: Math.floor(ttl / 1000) });
  }

  /** The auth cookie of session `sid`: for the countdown, never past the session's absolute limit, never after `end`. */
  async function writeAuth(userId: number, authToken: string, sid: string) {
    const ttl = Math.min(SESSION_COUNTDOWN, since + settings.maxAgeMs - Date.now());
    const line = await sealedLine(authName, { uid: userId, at: authToken, iat: Date.now(), sid }, ttl);
    if (!ended) changes.set(authName, line);
  }

  async function writeRefresh(value: RefreshCookie) {
    const ttl = Math.min(REFRESH_COOKIE_LIFETIME, value.since + settings.maxAgeMs - value.seen);
    changes.set(refreshName, await sealedLine(refreshName, value, ttl));
  }

  function clear() {
    for (const name of [authName, refreshName]) {
      if (cookies[name] !== undefined || changes.has(name)) {
        changes.set(name, serialize(name, '', { ...attributes, maxAge: 0, expires: new Date(0) }));
      }
    }
    personal = true;
  }

  return {
    /** The auth and refresh cookies as sealed: null when missing, forged, expired or of the wrong shape. */
    read() {
      return (held ??= Promise.all([
        sealer.unseal(cookies[authName], authCookie),
        sealer.unseal(cookies[refreshName], refreshCookie),
      ]).then(([auth, refreshed]) => {
        if (refreshed) since = refreshed.since;
        return { auth, refreshed };
      }));
    },
    /** Whether the request sent either session cookie, readable or not. */
    get sentSession() {
      return cookies[authName] !== undefined || cookies[refreshName] !== undefined;
    },
    writeAuth,
    /** Moves the idle limit on: the refresh cookie again, seen now. */
    touchRefresh: (refreshed: RefreshCookie, now: number) => writeRefresh({ ...refreshed, seen: now }),
    /** Both cookies for a login result: a session that starts now, under a new id (returned). */
    async signIn({ id, token }: CallResult<'login'>): Promise<string> {
      ended = false;
      since = Date.now();
      const sid = randomBytes(16).toString('base64url');
      await writeAuth(id, token.authToken, sid);
      await writeRefresh({ uid: id, rt: token.refreshToken, since, seen: since, sid });
      personal = true;
      return sid;
    },
    /**
     * A session cookie of this response too long for browsers, dropped with its pair so that nothing half-written
     * goes out; null when both fit.
     */
    dropOversized(): { cookie: string; bytes: number } | null {
      for (const name of [authName, refreshName]) {
        const bytes = Buffer.byteLength(changes.get(name) ?? '');
        if (bytes <= MAX_COOKIE_BYTES) continue;
        changes.delete(authName);
        changes.delete(refreshName);
        return { cookie: name, bytes };
      }
      return null;
    },
    /** Expires the session cookies the browser holds or this response set. */
    clear,
    /** Clears, and keeps a renewal that finishes later from writing the auth cookie again. */
    end() {
      ended = true;
      clear();
    },
    get ended() {
      return ended;
    },
    /** The response shows a session: it must not be stored by any shared cache. */
    markPersonal() {
      personal = true;
    },
    get personal() {
      return personal;
    },
    /** The id of this browser's device cookie, when it was issued for `login`. */
    async deviceFor(login: string): Promise<string | null> {
      const device = await sealer.unseal(cookies[deviceName], deviceCookie);
      return device && device.lh === loginHash(login) ? device.id : null;
    },
    /** Marks this browser as one `login` signs in from. */
    async trustDevice(login: string) {
      const value = { lh: loginHash(login), id: randomBytes(16).toString('base64url') };
      changes.set(deviceName, await sealedLine(deviceName, value, DEVICE_COOKIE_LIFETIME));
    },
    /**
     * The id the sign-in limits count this browser's failures by: the one its cookie holds (`kept`),
     * or a new one, which `keepBrowser` gives it.
     */
    async browser(): Promise<{ id: string; kept: boolean }> {
      const kept = await sealer.unseal(cookies[browserName], browserCookie);
      return kept ? { id: kept.id, kept: true } : { id: randomBytes(16).toString('base64url'), kept: false };
    },
    /** Gives this browser the id its failures were counted by. */
    async keepBrowser(id: string) {
      changes.set(browserName, await sealedLine(browserName, { id }, BROWSER_COOKIE_LIFETIME));
    },
    /**
     * A short-lived note between two requests of one visitor, kept in a sealed, httpOnly cookie rather than in
     * the URL, where it would reach access logs, the browser's history and the Referer header: a recovery's
     * address between its two steps, a pass link's pass until «Войти». Written with this response's
     * other cookies, sealed by the same sealer.
     */
    note<T>(name: string, schema: z.ZodType<T>, lifetimeMs: number) {
      return {
        /** The remembered value, or null when there is none (or it expired, or was tampered with). */
        read: (): Promise<T | null> => sealer.unseal(cookies[name], schema),
        /** Remembers `value` for `lifetimeMs`. */
        async remember(value: T) {
          changes.set(name, await sealedLine(name, value, lifetimeMs));
        },
        /** Forgets it once it is used. */
        forget() {
          changes.set(name, serialize(name, '', { ...attributes, maxAge: 0, expires: new Date(0) }));
        },
      };
    },
    /** Set-Cookie values for this response: the only place the portal writes a cookie. */
    headers: () => [...changes.values()],
  };
}

export type CookieWriter = ReturnType<typeof createCookieWriter>;
