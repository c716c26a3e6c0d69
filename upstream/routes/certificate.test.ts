import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../seed/seed';
import { createTestUpstream, pdfText } from '../testing';
import { CERTIFICATE_FILE_PATH } from './certificate';

describe('certificate', () => {
  it('describes the demo teacher’s certificate and serves it as a PDF to its owner only', async () => {
    const up = await createTestUpstream();
    const { token } = await up.login();
    const { envelope } = await up.call('certificate', { token: token.authToken });
    expect(envelope.result).toMatchObject({
      certificate: {
        number: 'ОУ-0417',
        file: { path: CERTIFICATE_FILE_PATH, name: 'Сертификат ОУ-0417.pdf', type: 'application/pdf' },
      },
    });

    const file = await up.app.request(`${CERTIFICATE_FILE_PATH}?token=${encodeURIComponent(token.authToken)}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Type')).toBe('application/pdf');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain('DejaVuSans');
    const text = await pdfText(new Uint8Array(bytes));
    expect(text).toContain('Иванова Анна Сергеевна');
    expect(text).toContain('принял(а) очное участие в мероприятии');
    expect(text).toMatch(/в объёме \d+ академическ(ий час|их часа|их часов)/);
    expect(text).toMatch(/Дата выдачи: \d{1,2} [а-я]+ \d{4} г\./);

    expect((await up.app.request(CERTIFICATE_FILE_PATH)).status).toBe(401);
  });

  it('has none for the participant, whose file path is a 404', async () => {
    const up = await createTestUpstream();
    const { token } = await up.login(DEMO_USERS.participant);
    expect((await up.call('certificate', { token: token.authToken })).envelope.result).toEqual({ certificate: null });
    const file = await up.app.request(`${CERTIFICATE_FILE_PATH}?token=${encodeURIComponent(token.authToken)}`);
    expect(file.status).toBe(404);
  });
});
