import { describe, expect, it } from 'vitest';
import { dictationEventState, type CallResult } from '#contract';
import { createParticipation, findEvent, issueCode } from '../db/dictation';
import { listMessages } from '../db/outbox';
import { findUserByEmail } from '../db/users';
import { formatMoscowDateTime } from '#shared/moscow-time';
import { DEMO_USERS } from '../seed/seed';
import { CURRENT_EVENT_ID, seedDictation } from '../seed/seed-dictation';
import { SAVE_GRACE } from '../dictation/participation';
import { createTestUpstream, pdfText } from '../testing';
import { minutes, seconds } from '#shared/time';

type Session = CallResult<'openDictation'>;

/** The test upstream with the dictation calendar anchored on its clock, and an invitation of today's event. */
async function setup() {
  const up = await createTestUpstream();
  seedDictation(up.db, up.clock.time, { teacher: DEMO_USERS.teacher.email, participant: DEMO_USERS.participant.email });
  const invite = (timeLimitMs = minutes(60)) => {
    const id = createParticipation(up.db, { eventId: CURRENT_EVENT_ID, userId: null, timeLimitMs }, up.clock.time);
    return issueCode(up.db, id, up.clock.time);
  };
  const open = async (code: string) => (await up.call('openDictation', { body: { code } })).envelope.result as Session;
  const start = async (code: string) =>
    (await up.call('startDictation', { body: { code } })).envelope.result as Session;
  const save = (code: string, text: string, revision: number) =>
    up.call('saveDictation', { body: { code, text, revision } });
  return { up, invite, open, start, save };
}

describe('dictation events', () => {
  it('lists the six demo events in every state, the text’s source hidden until the results', async () => {
    const { up } = await setup();
    const { envelope } = await up.call('dictationEvents');
    const events = (envelope.result as CallResult<'dictationEvents'>).events;
    expect(events.map((event) => dictationEventState(event, up.clock.time))).toEqual([
      'announced',
      'registration',
      'writing',
      'closed',
      'results',
      'results',
    ]);
    expect(events.map((event) => event.source === null)).toEqual([true, true, true, true, false, false]);
  });
});

describe('a dictation opened by its invitation code', () => {
  it('opens without starting the clock: only «Начать диктант» starts it, and later starts keep it', async () => {
    const { up, invite, open, start } = await setup();
    const code = invite();
    // A mail scanner or a link preview opening the link changes nothing.
    expect(await open(code)).toMatchObject({ status: 'invited', startedAt: null, deadline: null });
    up.clock.advance(minutes(90));
    expect(await open(code)).toMatchObject({ status: 'invited', startedAt: null });
    const first = await start(code);
    expect(first).toMatchObject({ status: 'writing', text: '', revision: 0, savedAt: null });
    expect(first.startedAt).toBe(new Date(up.clock.time).toISOString());
    expect(Date.parse(first.deadline!) - Date.parse(first.startedAt!)).toBe(minutes(60));
    up.clock.advance(minutes(10));
    const again = await start(code);
    expect(again.startedAt).toBe(first.startedAt);
    expect((await open(code)).startedAt).toBe(first.startedAt);
    expect(again.serverTime).toBe(new Date(up.clock.time).toISOString());
  });

  it('answers an unknown code with 404 at the code', async () => {
    const { up } = await setup();
    const { status, envelope } = await up.call('openDictation', { body: { code: 'x'.repeat(43) } });
    expect(status).toBe(404);
    expect(envelope.errors).toEqual([expect.objectContaining({ code: 'invitation_not_found', field: 'code' })]);
  });

  it('keeps the highest revision whatever order saves arrive in, and takes a repeated save once', async () => {
    const { invite, open, start, save } = await setup();
    const code = invite();
    await start(code);
    expect(await save(code, 'Весной в наш город', 2)).toMatchObject({
      status: 200,
      envelope: { result: { revision: 2 } },
    });
    const older = await save(code, 'Весной', 1);
    expect(older.status).toBe(409);
    expect(older.envelope.errors).toEqual([expect.objectContaining({ code: 'text_changed', field: 'text' })]);
    expect(await save(code, 'Весной в наш город', 2)).toMatchObject({
      status: 200,
      envelope: { result: { revision: 2 } },
    });
    expect(await open(code)).toMatchObject({ text: 'Весной в наш город', revision: 2 });
  });

  it('never answers «saved» for a text it did not keep: two tabs sending the same revision', async () => {
    const { up, invite, open, start, save } = await setup();
    const code = invite();
    await start(code);
    await save(code, 'Весной', 1);
    // The phone and the laptop both loaded revision 1 and both send revision 2.
    expect((await save(code, 'Весной в наш город', 2)).status).toBe(200);
    const laptop = await save(code, 'Весной в нашу школу', 2);
    expect(laptop.status).toBe(409);
    expect(laptop.envelope.result).toBeNull();
    expect(laptop.envelope.errors).toEqual([expect.objectContaining({ code: 'text_changed', field: 'text' })]);
    // Finishing with the text not kept submits nothing: the first tab's text is not handed in under its name.
    const finish = await up.call('finishDictation', { body: { code, text: 'Весной в нашу школу', revision: 2 } });
    expect(finish.status).toBe(409);
    expect(await open(code)).toMatchObject({ status: 'writing', text: 'Весной в наш город', revision: 2 });
    // Chosen again above the stored revision, the laptop's text is kept.
    expect((await save(code, 'Весной в нашу школу', 3)).status).toBe(200);
    expect(await open(code)).toMatchObject({ text: 'Весной в нашу школу', revision: 3 });
  });

  it('refuses a text after the time limit (a moment’s grace for the last save) and keeps the last one', async () => {
    const { up, invite, open, start, save } = await setup();
    const code = invite(minutes(30));
    await start(code);
    await save(code, 'Весной', 1);
    up.clock.advance(minutes(30) + SAVE_GRACE - seconds(1));
    expect((await save(code, 'Весной в наш', 2)).status).toBe(200);
    up.clock.advance(seconds(2));
    const late = await save(code, 'Весной в наш город', 3);
    expect(late.status).toBe(409);
    expect(late.envelope.errors).toEqual([expect.objectContaining({ code: 'time_over', field: 'text' })]);
    expect(await open(code)).toMatchObject({ status: 'submitted', text: 'Весной в наш', revision: 2 });
  });

  it('never runs past the end of writing, whatever time is left on the limit', async () => {
    const { up, invite, start } = await setup();
    const { events } = (await up.call('dictationEvents')).envelope.result as CallResult<'dictationEvents'>;
    const closes = Date.parse(events.find((event) => event.id === CURRENT_EVENT_ID)!.writingClosesAt);
    const code = invite();
    up.clock.time = closes - minutes(10);
    expect((await start(code)).deadline).toBe(new Date(closes).toISOString());
  });

  it('counts a finished dictation as used: no more saves, no new code', async () => {
    const { up, invite, open, start, save } = await setup();
    const code = invite();
    await start(code);
    const finished = await up.call('finishDictation', { body: { code, text: 'Весной в наш город.', revision: 5 } });
    expect(finished.envelope.result).toMatchObject({ revision: 5 });
    const after = await save(code, 'Другой текст', 6);
    expect(after.status).toBe(410);
    expect(after.envelope.errors[0]?.code).toBe('invitation_used');
    expect(await open(code)).toMatchObject({ status: 'submitted', text: 'Весной в наш город.' });
  });

  it('mails the account a receipt of the submission: which dictation, when, how much, when the results come', async () => {
    const { up, invite, start } = await setup();
    const user = findUserByEmail(up.db, DEMO_USERS.participant.email)!;
    const id = createParticipation(
      up.db,
      { eventId: CURRENT_EVENT_ID, userId: user.id, timeLimitMs: minutes(60) },
      up.clock.time,
    );
    const code = issueCode(up.db, id, up.clock.time);
    await start(code);
    up.clock.time = Date.UTC(2025, 5, 1, 9, 30);
    await up.call('finishDictation', { body: { code, text: 'Весной в наш город возвращаются скворцы.', revision: 1 } });
    const [mail, ...others] = listMessages(up.db, DEMO_USERS.participant.email);
    expect(others).toEqual([]);
    const event = findEvent(up.db, CURRENT_EVENT_ID)!;
    expect(mail!.subject).toBe(`Диктант сдан: ${event.title}`);
    expect(mail!.body).toContain(`Ваш диктант «${event.title}» получен 1 июня 2025 г. в 12:30 мск.`);
    expect(mail!.body).toContain('Принято: 40 знаков, 6 слов.');
    expect(mail!.body).toContain(`Результаты — ${formatMoscowDateTime(event.results_at)}:`);
    // Nobody to mail for a dictation written without an account.
    const before = listMessages(up.db).length;
    const anonymous = invite();
    await start(anonymous);
    await up.call('finishDictation', { body: { code: anonymous, text: 'Скворцы.', revision: 1 } });
    expect(listMessages(up.db)).toHaveLength(before);
  });

  it('does not start a dictation whose writing has closed, nor one not yet open', async () => {
    const { up, invite, start } = await setup();
    const code = invite();
    up.clock.advance(minutes(60 * 24 * 4));
    expect(await start(code)).toMatchObject({ status: 'missed', startedAt: null });
    expect((await up.call('saveDictation', { body: { code, text: 'a', revision: 1 } })).status).toBe(409);
  });
});

describe('the user’s dictations', () => {
  it('lists the demo teacher’s dictations with status and grade, newest event first', async () => {
    const { up } = await setup();
    const { token } = await up.login();
    const { envelope } = await up.call('myDictations', { token: token.authToken });
    const list = (envelope.result as CallResult<'myDictations'>).dictations;
    expect(list.map(({ event, status, grade }) => [event.id, status, grade])).toEqual([
      [4, 'invited', null],
      [3, 'invited', null],
      [6, 'submitted', null],
      [2, 'checked', 3],
      [1, 'checked', 4],
    ]);
  });

  it('issues a code that opens the user’s own dictation; one not yet open stays unstarted', async () => {
    const { up, start } = await setup();
    const { token } = await up.login();
    const auth = token.authToken;
    const list = ((await up.call('myDictations', { token: auth })).envelope.result as CallResult<'myDictations'>)
      .dictations;
    const today = list.find((entry) => entry.event.id === CURRENT_EVENT_ID)!;
    const { code } = (await up.call('issueDictationCode', { token: auth, body: { id: today.id } })).envelope.result as {
      code: string;
    };
    expect(await start(code)).toMatchObject({ participationId: today.id, status: 'writing' });
    const next = list.find((entry) => entry.event.id === 4)!;
    const later = (await up.call('issueDictationCode', { token: auth, body: { id: next.id } })).envelope.result as {
      code: string;
    };
    const early = await up.call('startDictation', { body: { code: later.code } });
    expect(early.status).toBe(409);
    expect(early.envelope.errors[0]?.code).toBe('not_started');
    const checked = await up.call('issueDictationCode', { token: auth, body: { id: 2 } });
    expect(checked.status).toBe(409);
    const participants = await up.call('issueDictationCode', { token: auth, body: { id: 3 } });
    expect(participants.status).toBe(404);
  });

  it('shows a checked dictation with each error marked, and its certificate to its owner only', async () => {
    const { up } = await setup();
    const { token } = await up.login();
    const { envelope } = await up.call('myDictationById', { token: token.authToken, query: { id: '2' } });
    const detail = envelope.result as CallResult<'myDictationById'>;
    expect(detail).toMatchObject({ status: 'checked', errorsCount: 3, grade: 3 });
    expect(detail.review).toContainEqual({ kind: 'wrong', written: 'заросшый', expected: 'заросший' });
    expect(detail.review).toContainEqual({ kind: 'missing', expected: ',' });
    // The count and the marks come from the same review: «Из редка» for «Изредка» is one mark, one error.
    expect(detail.review).toContainEqual({ kind: 'wrong', written: 'Из редка', expected: 'Изредка' });
    expect(detail.review!.filter((segment) => segment.kind !== 'same')).toHaveLength(detail.errorsCount!);
    expect(detail.certificate).toMatchObject({
      type: 'application/pdf',
      name: expect.stringMatching(/^Сертификат участника Д-\d{4}-000002\.pdf$/),
    });

    const file = await up.app.request(`${detail.certificate!.path}?token=${encodeURIComponent(token.authToken)}`);
    expect(file.headers.get('Content-Type')).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(await file.arrayBuffer()));
    expect(text).toContain('Иванова Анна Сергеевна');
    expect(text).toContain('Осенний диктант «Лесная тропа»');
    expect(text).toContain('оценка «3», 3 ошибки');

    const other = await up.login(DEMO_USERS.participant);
    expect((await up.call('myDictationById', { token: other.token.authToken, query: { id: '2' } })).status).toBe(404);
    const foreign = await up.app.request(
      `${detail.certificate!.path}?token=${encodeURIComponent(other.token.authToken)}`,
    );
    expect(foreign.status).toBe(404);
  });

  it('leaves a failing grade off the certificate unless its owner asks for the variant with it (ADR 238)', async () => {
    const { up } = await setup();
    const { token } = await up.login(DEMO_USERS.participant);
    const auth = encodeURIComponent(token.authToken);
    const { envelope } = await up.call('myDictationById', { token: token.authToken, query: { id: '3' } });
    const detail = envelope.result as CallResult<'myDictationById'>;
    expect(detail).toMatchObject({ status: 'checked', grade: 2 });
    expect(detail.gradedCertificate).toMatchObject({
      path: '/files/dictation/certificates/3-grade.pdf',
      name: expect.stringMatching(/^Сертификат участника Д-\d{4}-000003 с оценкой\.pdf$/),
    });
    const textOf = async (path: string) => {
      const file = await up.app.request(`${path}?token=${auth}`);
      expect(file.status).toBe(200);
      return pdfText(new Uint8Array(await file.arrayBuffer()));
    };
    const plain = await textOf(detail.certificate!.path);
    expect(plain).toContain('написал(а) диктант');
    expect(plain).not.toMatch(/оценка|ошибк/);
    const graded = await textOf(detail.gradedCertificate!.path);
    expect(graded).toMatch(/Результат: оценка «2», \d+ ошибок/);
    // One certificate, one code: both variants send a checker to the same page.
    const address = (text: string) => /\/certificates\/[\w-]{22}/.exec(text)![0];
    expect(address(graded)).toBe(address(plain));

    // A passing grade is printed anyway: there is no variant to ask for, and its path is nobody's file.
    const teacher = await up.login();
    const passing = (await up.call('myDictationById', { token: teacher.token.authToken, query: { id: '2' } })).envelope
      .result as CallResult<'myDictationById'>;
    expect(passing.gradedCertificate).toBeNull();
    const none = await up.app.request(
      `/files/dictation/certificates/2-grade.pdf?token=${encodeURIComponent(teacher.token.authToken)}`,
    );
    expect(none.status).toBe(404);
    expect(
      (await up.app.request(`${detail.gradedCertificate!.path}?token=${encodeURIComponent(teacher.token.authToken)}`))
        .status,
    ).toBe(404);
  });

  it('has no review or certificate before the results', async () => {
    const { up } = await setup();
    const { token } = await up.login();
    const { envelope } = await up.call('myDictationById', { token: token.authToken, query: { id: '4' } });
    expect(envelope.result).toMatchObject({
      status: 'invited',
      review: null,
      certificate: null,
      gradedCertificate: null,
      errorsCount: null,
    });
  });
});
