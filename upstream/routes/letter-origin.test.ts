import { describe, expect, it } from 'vitest';
import { listMessages } from '../db/outbox';
import { DEMO_USERS } from '../seed/seed';
import { seedDictation } from '../seed/seed-dictation';
import { createTestUpstream, TEST_PORTAL } from '../testing';

/**
 * Issue 44, finding 6: the letters link the upstream's configured portal origin (UPSTREAM_PORTAL_ORIGIN), never
 * the `portalOrigin` a caller sends. Every call that takes one is made directly, naming https://evil.example.
 */
const EVIL = 'https://evil.example';
const person = {
  email: 'origin@example.org',
  password: 'long-enough-password',
  firstName: 'Мария',
  lastName: 'Орлова',
  phone: '79120001122',
};
/** The seed's event open for registration. */
const REGISTRATION = 4;

function linksIn(up: Awaited<ReturnType<typeof createTestUpstream>>, to: string) {
  return listMessages(up.db, to).flatMap((letter) => letter.body.match(/https?:\/\/[^\s/]+/g) ?? []);
}

describe('the origin of mailed links', () => {
  it('is the configured one in every letter, whatever origin the caller names', async () => {
    const up = await createTestUpstream({ portalOrigin: TEST_PORTAL });
    seedDictation(up.db, up.clock.time, {
      teacher: DEMO_USERS.teacher.email,
      participant: DEMO_USERS.participant.email,
    });
    const registered = await up.call('register', { body: { ...person, portalOrigin: EVIL } });
    expect(registered.status).toBe(200);
    const { authToken } = (registered.envelope.result as { token: { authToken: string } }).token;
    up.clock.advance(10 * 60 * 1000);
    expect((await up.call('resendConfirmation', { token: authToken, body: { portalOrigin: EVIL } })).status).toBe(200);
    // A dictation registered for before the address is confirmed: its link waits for the confirmation.
    const dictation = await up.call('registerForDictation', {
      token: authToken,
      body: { eventId: REGISTRATION, portalOrigin: EVIL },
    });
    expect(dictation.status).toBe(200);
    const letter = listMessages(up.db, person.email)[0]!;
    const token = letter.body.match(/\/confirm-email\/([\w-]+)/)![1]!;
    expect((await up.call('confirmEmail', { body: { token, portalOrigin: EVIL } })).status).toBe(200);
    up.clock.advance(10 * 60 * 1000);
    const moved = 'origin.moved@example.org';
    const changed = await up.call('changeEmail', {
      token: authToken,
      body: { email: moved, currentPassword: person.password, portalOrigin: EVIL },
    });
    expect(changed.status).toBe(200);

    const links = [...linksIn(up, person.email), ...linksIn(up, moved)];
    // Two confirmations, the dictation's link that waited, the new address's confirmation.
    expect(links.length).toBeGreaterThanOrEqual(4);
    expect(new Set(links)).toEqual(new Set([TEST_PORTAL]));
    expect(listMessages(up.db, person.email).some((each) => each.body.includes('/dictation/'))).toBe(true);
  });

  it('of a pass the dev tools mail is the configured one too', async () => {
    const up = await createTestUpstream({ devTools: true, portalOrigin: TEST_PORTAL });
    const response = await up.app.request('/__dev__/passes', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: DEMO_USERS.participant.email, portalOrigin: EVIL }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { link: string }).link).toMatch(new RegExp(`^${TEST_PORTAL}/\\?pass=`));
    expect(new Set(linksIn(up, DEMO_USERS.participant.email))).toEqual(new Set([TEST_PORTAL]));
  });
});
