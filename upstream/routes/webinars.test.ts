import { describe, expect, it } from 'vitest';
import { contract, type CallResult } from '#contract';
import { seedWebinars } from '../seed/seed-webinars';
import { DEMO_USERS } from '../seed/seed';
import { createTestUpstream } from '../testing';
import { days } from '#shared/time';

type List = CallResult<'webinarsList'>;
type Detail = CallResult<'webinarById'>;

/** The template database was seeded months before the test clock; a start re-anchors the dates on "today". */
async function upstreamToday() {
  const up = await createTestUpstream();
  seedWebinars(up.db, up.clock.time);
  return up;
}

describe('webinarsList', () => {
  it('answers 40 master classes, upcoming soonest first and past latest first, in the contract shape', async () => {
    const up = await upstreamToday();
    const { token } = await up.login();
    const { status, envelope } = await up.call('webinarsList', { token: token.authToken });
    expect(status).toBe(200);
    const list = contract.webinarsList.result.parse(envelope.result) as List;
    expect(list.upcoming.length + list.past.length).toBe(40);
    expect(list.past.length).toBeGreaterThanOrEqual(20);
    expect(list.upcoming.length).toBeGreaterThanOrEqual(18);
    const upcomingStarts = list.upcoming.map((w) => Date.parse(w.startsAt));
    expect(upcomingStarts).toEqual([...upcomingStarts].sort((a, b) => a - b));
    expect(upcomingStarts.at(-1)! - up.clock.time).toBeGreaterThan(days(30));
    const pastStarts = list.past.map((w) => Date.parse(w.startsAt));
    expect(pastStarts).toEqual([...pastStarts].sort((a, b) => b - a));
    expect(list.past.every((w) => Date.parse(w.startsAt) < up.clock.time)).toBe(true);
  });

  it("carries the signed-in user's progress and nobody else's", async () => {
    const up = await upstreamToday();
    const teacher = await up.login();
    const participant = await up.login(DEMO_USERS.participant);
    const read = async (token: string) =>
      ((await up.call('webinarsList', { token })).envelope.result as List).past.find((w) => w.id === 20)!;
    expect((await read(teacher.token.authToken)).progress).toMatchObject({ positionSeconds: 10, watchedSeconds: 10 });
    expect((await read(participant.token.authToken)).progress).toBeNull();
  });

  it('needs a session', async () => {
    const up = await upstreamToday();
    expect((await up.call('webinarsList')).status).toBe(401);
  });

  it('re-anchoring on a later start moves the dates and keeps the viewing history', async () => {
    const up = await upstreamToday();
    const read = async (id: string) => {
      const { token } = await up.login();
      return (await up.call('webinarById', { query: { id }, token: token.authToken })).envelope.result as Detail;
    };
    const before = await read('30');
    up.clock.advance(days(90));
    seedWebinars(up.db, up.clock.time);
    const after = await read('30');
    expect(Date.parse(after.startsAt) - Date.parse(before.startsAt)).toBe(days(90));
    expect(up.count('webinars')).toBe(40);
    expect((await read('20')).progress).toMatchObject({ positionSeconds: 10, watchedSeconds: 10 });
  });
});

describe('webinarById', () => {
  it('gives a past one its recording and an upcoming one its broadcast link', async () => {
    const up = await upstreamToday();
    const { token } = await up.login();
    const past = (await up.call('webinarById', { query: { id: '1' }, token: token.authToken })).envelope.result;
    expect(past).toMatchObject({
      recording: {
        path: '/files/webinars/master-class.mp4',
        name: 'Мастер-класс «Как провести урок права в пятом классе».mp4',
        type: 'video/mp4',
      },
      recordingSeconds: 24,
      broadcastUrl: null,
    });
    expect((past as Detail).description).toMatch(/\n\n/);
    const upcoming = (await up.call('webinarById', { query: { id: '40' }, token: token.authToken })).envelope.result;
    expect(upcoming).toMatchObject({ recording: null, broadcastUrl: 'https://live.example.org/master-classes/40' });
  });

  it('answers 404 for an unknown id and 400 for one that is not a number', async () => {
    const up = await upstreamToday();
    const { token } = await up.login();
    expect((await up.call('webinarById', { query: { id: '999' }, token: token.authToken })).status).toBe(404);
    const bad = await up.call('webinarById', { query: { id: 'abc' }, token: token.authToken });
    expect(bad.status).toBe(400);
    expect(bad.envelope.errors[0]).toMatchObject({ field: 'id' });
  });
});

describe('putHistoryTime', () => {
  it('stores the position, keeps the largest watched time, and shows both on the next read', async () => {
    const up = await upstreamToday();
    const { token } = await up.login(DEMO_USERS.participant);
    const put = (positionSeconds: number, watchedSeconds: number) =>
      up.call('putHistoryTime', { token: token.authToken, body: { webinarId: 5, positionSeconds, watchedSeconds } });
    expect((await put(15, 15)).envelope.result).toMatchObject({ positionSeconds: 15, watchedSeconds: 15 });
    // A deliberate seek back moves the position; an older tab's smaller watched time does not undo progress.
    expect((await put(4, 6)).envelope.result).toMatchObject({ positionSeconds: 4, watchedSeconds: 15 });
    expect((await put(4, 6)).status).toBe(200);
    expect(up.count('webinar_history')).toBe(3);
    const detail = (await up.call('webinarById', { query: { id: '5' }, token: token.authToken })).envelope.result;
    expect(detail).toMatchObject({ progress: { positionSeconds: 4, watchedSeconds: 15 } });
  });

  it('keeps the stored place within the recording', async () => {
    const up = await upstreamToday();
    const { token } = await up.login(DEMO_USERS.participant);
    const { envelope } = await up.call('putHistoryTime', {
      token: token.authToken,
      body: { webinarId: 5, positionSeconds: 25, watchedSeconds: 600 },
    });
    expect(envelope.result).toMatchObject({ positionSeconds: 24, watchedSeconds: 24 });
  });

  it('refuses an unknown master class, one without a recording, and a negative time', async () => {
    const up = await upstreamToday();
    const { token } = await up.login(DEMO_USERS.participant);
    const put = (body: unknown) => up.call('putHistoryTime', { token: token.authToken, body });
    expect((await put({ webinarId: 999, positionSeconds: 1, watchedSeconds: 1 })).status).toBe(404);
    expect((await put({ webinarId: 40, positionSeconds: 1, watchedSeconds: 1 })).status).toBe(409);
    const negative = await put({ webinarId: 5, positionSeconds: -1, watchedSeconds: 1 });
    expect(negative.status).toBe(400);
    expect(negative.envelope.errors[0]).toMatchObject({ field: 'positionSeconds' });
    expect(up.count('webinar_history')).toBe(2);
  });
});
