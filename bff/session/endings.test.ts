import { describe, expect, it } from 'vitest';
import { createLogger } from '../log.server';
import type { SessionRecords } from '../state/shared-state';
import { createSessionEndings, MAX_PENDING } from './endings.server';

/**
 * Issue 44, finding 3: a logout kept back while the shared state is away (ADR 212) is pushed out by nothing —
 * not by logouts without a session, not by replays of a copied cookie, not by a full queue.
 */
function outage() {
  const revoked: string[][] = [];
  let down = true;
  const records = {
    async revoke(tokens: string[]) {
      if (down) throw new Error('redis away');
      revoked.push(tokens);
    },
    async endBefore() {
      if (down) throw new Error('redis away');
    },
  } as unknown as SessionRecords;
  const endings = createSessionEndings(records, createLogger({ logLevel: 'silent' }));
  return {
    endings,
    revoked,
    async back() {
      down = false;
      await endings.flush();
    },
  };
}

describe('session ends kept back for an outage (ADR 212)', () => {
  it('logouts without a session are kept by no one and push no kept logout out', async () => {
    const { endings, revoked, back } = outage();
    expect(await endings.loggedOut(['victim-auth', 'victim-refresh', 'victim-sid'])).toBe(false);
    for (let i = 0; i < MAX_PENDING + 50; i += 1) expect(await endings.loggedOut([null, null, null])).toBe(true);
    await back();
    expect(revoked).toEqual([['victim-auth', 'victim-refresh', 'victim-sid']]);
  });

  it('a copied cookie replayed joins the logout kept for its session, and takes no place of its own', async () => {
    const { endings, revoked, back } = outage();
    expect(await endings.loggedOut(['victim-auth', null, 'victim-sid'])).toBe(false);
    for (let i = 0; i < MAX_PENDING + 50; i += 1) {
      expect(await endings.loggedOut([`refreshed-auth-${i % 3}`, null, 'victim-sid'])).toBe(false);
    }
    await back();
    expect(revoked).toEqual([
      ['victim-auth', 'victim-sid', 'refreshed-auth-0', 'refreshed-auth-1', 'refreshed-auth-2'],
    ]);
  });

  it('a full queue keeps what it holds: a further end is said unconfirmed and not kept', async () => {
    const { endings, revoked, back } = outage();
    expect(await endings.loggedOut(['victim-auth', 'victim-sid'])).toBe(false);
    for (let i = 1; i < MAX_PENDING + 50; i += 1) expect(await endings.loggedOut([`sid-${i}`])).toBe(false);
    await back();
    expect(revoked[0]).toEqual(['victim-auth', 'victim-sid']);
    expect(revoked).toHaveLength(MAX_PENDING);
    expect(revoked.at(-1)).toEqual([`sid-${MAX_PENDING - 1}`]);
  });
});

describe('a password recovery (issue 44, ADR 211)', () => {
  function records() {
    const ended: number[] = [];
    const logins = new Map<string, number>();
    const state = {
      async endBefore(userId: number) {
        ended.push(userId);
      },
      async linkLogin(login: string, userId: number) {
        logins.set(login, userId);
      },
      async userOfLogin(login: string) {
        return logins.get(login) ?? null;
      },
    } as unknown as SessionRecords;
    return { ended, endings: createSessionEndings(state, createLogger({ logLevel: 'silent' })) };
  }

  it('ends the sessions of the account the provider names, by an address no sign-in used', async () => {
    const { ended, endings } = records();
    await endings.signedIn('old@example.org', 7);
    await endings.passwordRecovered('new@example.org', 7);
    expect(ended).toEqual([7]);
  });

  it('without the id, ends those of the account the address was linked to (a sign-in or a change to it)', async () => {
    const { ended, endings } = records();
    await endings.passwordRecovered('new@example.org', null);
    expect(ended).toEqual([]);
    await endings.signedIn('new@example.org', 7);
    await endings.passwordRecovered('new@example.org', null);
    expect(ended).toEqual([7]);
  });
});
