import { describe, expect, it } from 'vitest';
import type { CallResult } from '#contract';
import { DEMO_USERS } from '../seed/seed';
import { seedDictation } from '../seed/seed-dictation';
import { createTestUpstream, pdfText } from '../testing';

const PORTAL = 'https://portal.example.ru';

async function setup() {
  const up = await createTestUpstream({ portalOrigin: PORTAL });
  seedDictation(up.db, up.clock.time, { teacher: DEMO_USERS.teacher.email, participant: DEMO_USERS.participant.email });
  const { token } = await up.login();
  const mine = (await up.call('myCertificates', { token: token.authToken })).envelope
    .result as CallResult<'myCertificates'>;
  const codeOn = async (path: string) => {
    const file = await up.app.request(`${path}?token=${encodeURIComponent(token.authToken)}`);
    const text = await pdfText(new Uint8Array(await file.arrayBuffer()));
    return /https:\/\/portal\.example\.ru\/certificates\/([A-Za-z0-9_-]+)/.exec(text)![1]!;
  };
  return { up, token: token.authToken, mine, codeOn };
}

describe('myCertificates (ADR 238)', () => {
  it('lists the offline certificate, each checked dictation’s, the master class watched and the test passed, with their files', async () => {
    const { mine } = await setup();
    const listed = mine.certificates.map(({ kind, dictationId, webinarId, testId, number }) => [
      kind,
      dictationId ?? webinarId ?? testId,
      number,
    ]);
    expect(listed).toEqual([
      ['offline', null, 'ОУ-0417'],
      ['dictation', 2, expect.stringMatching(/^Д-\d{4}-000002$/)],
      ['dictation', 1, expect.stringMatching(/^Д-\d{4}-000001$/)],
      // Seeded: the demo teacher watched master class 18 through and passed test 3.
      ['masterClass', 18, expect.stringMatching(/^МК-\d{4}-000001$/)],
      ['test', 3, expect.stringMatching(/^Т-\d{4}-\d{6}$/)],
    ]);
    for (const certificate of mine.certificates) expect(certificate.file.type).toBe('application/pdf');
  });

  it('requires a session', async () => {
    const up = await createTestUpstream();
    expect((await up.call('myCertificates')).status).toBe(401);
  });
});

describe('verifyCertificate (ADR 238)', () => {
  it('prints a 128-bit code on each PDF, the same every time, which anyone may check', async () => {
    const { up, mine, codeOn } = await setup();
    const offline = await codeOn(mine.certificates[0]!.file.path);
    expect(offline).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await codeOn(mine.certificates[0]!.file.path)).toBe(offline);
    const dictation = await codeOn(mine.certificates[1]!.file.path);
    expect(dictation).not.toBe(offline);

    const checked = await up.call('verifyCertificate', { query: { code: offline } });
    expect(checked.envelope.result).toEqual({
      number: 'ОУ-0417',
      event: mine.certificates[0]!.event,
      issuedOn: mine.certificates[0]!.issuedOn,
      holder: { firstName: 'Анна', lastInitial: 'И' },
    });
    const written = await up.call('verifyCertificate', { query: { code: dictation } });
    expect(written.envelope.result).toMatchObject({
      event: 'Осенний диктант «Лесная тропа»',
      holder: { firstName: 'Анна', lastInitial: 'И' },
    });
    expect(JSON.stringify(written.envelope.result)).not.toMatch(/Иванова|Сергеевна|@|оценка/);
  });

  it('answers 404 for a code nobody was given and refuses one of the wrong shape', async () => {
    const up = await createTestUpstream();
    expect((await up.call('verifyCertificate', { query: { code: 'A'.repeat(22) } })).status).toBe(404);
    expect((await up.call('verifyCertificate', { query: { code: 'short' } })).status).toBe(400);
  });
});

describe('verifyCertificateByNumber (ADR 238)', () => {
  it('checks a printed number with the holder’s surname, whatever its case or «ё»', async () => {
    const { up, mine } = await setup();
    const byNumber = (number: string, lastName: string) =>
      up.call('verifyCertificateByNumber', { query: { number, lastName } });
    const offline = await byNumber('ОУ-0417', 'иванова');
    expect(offline.status).toBe(200);
    expect(offline.envelope.result).toEqual({
      number: 'ОУ-0417',
      event: mine.certificates[0]!.event,
      issuedOn: mine.certificates[0]!.issuedOn,
      holder: { firstName: 'Анна', lastInitial: 'И' },
    });
    const dictation = mine.certificates[1]!;
    const written = await byNumber(dictation.number, ' ИВАНОВА ');
    expect(written.envelope.result).toMatchObject({ number: dictation.number, event: dictation.event });
  });

  it('answers the same 404 for an unknown number, a wrong surname and a dictation not checked yet', async () => {
    const { up, mine } = await setup();
    const year = mine.certificates[1]!.number.slice(2, 6);
    for (const [number, lastName] of [
      ['ОУ-9999', 'Иванова'],
      ['ОУ-0417', 'Петрова'],
      [mine.certificates[1]!.number, 'Петрова'],
      [`Д-${year}-000004`, 'Иванова'],
      [`Д-1999-000002`, 'Иванова'],
      ['Д-2026-999999', 'Иванова'],
    ]) {
      const { status } = await up.call('verifyCertificateByNumber', {
        query: { number: number!, lastName: lastName! },
      });
      expect(status, `${number} ${lastName}`).toBe(404);
    }
    expect((await up.call('verifyCertificateByNumber', { query: { number: 'x y', lastName: 'Иванова' } })).status).toBe(
      400,
    );
  });
});
