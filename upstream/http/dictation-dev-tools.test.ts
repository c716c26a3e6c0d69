import { describe, expect, it } from 'vitest';
import type { CallResult } from '#contract';
import { DEMO_USERS } from '../seed/seed';
import { seedDictation } from '../seed/seed-dictation';
import { createTestUpstream } from '../testing';

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

async function upstream(devTools: boolean) {
  const up = await createTestUpstream({ devTools });
  seedDictation(up.db, up.clock.time, { teacher: DEMO_USERS.teacher.email, participant: DEMO_USERS.participant.email });
  return up;
}

describe('dictation dev tool', () => {
  it('does not exist unless switched on', async () => {
    const up = await upstream(false);
    expect((await up.app.request('/__dev__/dictation/invitations', json({ count: 1 }))).status).toBe(404);
  });

  it('issues invitations of today’s event, with a user and a shorter limit when asked', async () => {
    const up = await upstream(true);
    const response = await up.app.request(
      '/__dev__/dictation/invitations',
      json({ count: 3, email: DEMO_USERS.participant.email, timeLimitSeconds: 90 }),
    );
    const { invitations } = (await response.json()) as { invitations: { participationId: number; code: string }[] };
    expect(invitations).toHaveLength(3);
    expect(new Set(invitations.map((invitation) => invitation.code)).size).toBe(3);
    const opened = await up.call('startDictation', { body: { code: invitations[0]!.code } });
    const session = opened.envelope.result as CallResult<'openDictation'>;
    expect(Date.parse(session.deadline!) - Date.parse(session.startedAt!)).toBe(90_000);
    const { token } = await up.login(DEMO_USERS.participant);
    const mine = (await up.call('myDictations', { token: token.authToken })).envelope
      .result as CallResult<'myDictations'>;
    expect(mine.dictations.map((item) => item.id)).toEqual(expect.arrayContaining([session.participationId]));
  });

  it('refuses an unknown user and a bad count by message', async () => {
    const up = await upstream(true);
    const unknown = await up.app.request('/__dev__/dictation/invitations', json({ email: 'nobody@example.org' }));
    expect(unknown.status).toBe(404);
    expect((await up.app.request('/__dev__/dictation/invitations', json({ count: 0 }))).status).toBe(400);
  });
});
