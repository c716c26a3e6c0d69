import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, redactText, redactUrl, shortLine, shortLines } from './log.server';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: createLogger({ logLevel: 'info' }, stream), lines };
}

describe('redaction', () => {
  it('masks secret query parameters in URLs and keeps the rest', () => {
    expect(redactUrl('/rest/users/authentication/refresh/?token=abc.def&type=prolong')).toBe(
      '/rest/users/authentication/refresh/?token=[redacted]&type=prolong',
    );
    expect(redactUrl('https://x.test/?pass=p1&page=2')).toBe('/?pass=[redacted]&page=2');
  });

  it('masks an e-mail address in the query and the token of a dictation link', () => {
    expect(redactUrl('/password?step=confirm&email=a%40b.ru')).toBe('/password?step=confirm&email=[redacted]');
    expect(redactUrl('/dictation/s3cr3t-t0ken?x=1')).toBe('/dictation/[redacted]?x=1');
    expect(redactUrl('/Dictation/s3cr3t/more')).toBe('/Dictation/[redacted]/more');
    expect(redactUrl('/dictation')).toBe('/dictation');
    expect(redactUrl('/confirm-email/s3cr3t-t0ken')).toBe('/confirm-email/[redacted]');
    expect(redactUrl('/certificates?number=%D0%94-1&lastName=%D0%98')).toBe(
      '/certificates?number=%D0%94-1&lastName=[redacted]',
    );
  });

  it('masks the code of a public certificate check, as a dictation link’s token', () => {
    expect(redactUrl('/certificates/AbCdEfGhIjKlMnOpQrStUv')).toBe('/certificates/[redacted]');
    expect(redactUrl('/%63ertificates/AbCdEfGhIjKlMnOpQrStUv?x=1')).toBe('/%63ertificates/[redacted]?x=1');
    expect(redactUrl('/CERTIFICATES/AbCdEfGhIjKlMnOpQrStUv')).toBe('/CERTIFICATES/[redacted]');
    expect(redactUrl('/certificates')).toBe('/certificates');
    expect(redactUrl('/lk/certificates')).toBe('/lk/certificates');
  });

  it('masks a dictation path however it is escaped, and secret query keys in any case', () => {
    // The router decodes each segment before matching: all of these open the dictation of that token.
    expect(redactUrl('/%64ictation/s3cr3t')).toBe('/%64ictation/[redacted]');
    expect(redactUrl('/%44ICTATION/s3cr3t/text')).toBe('/%44ICTATION/[redacted]/text');
    expect(redactUrl('/dictation/%73%33cr3t')).toBe('/dictation/[redacted]');
    expect(redactUrl('//dictation/s3cr3t')).toBe('//dictation/[redacted]');
    expect(redactUrl('/x/../dictation/s3cr3t')).toBe('/dictation/[redacted]');
    expect(redactUrl('/lk/dictations/5')).toBe('/lk/dictations/5');
    expect(redactUrl('/?TOKEN=t1&Email=a%40b.ru&Pass=p1&PASSWORD=p2&page=2')).toBe(
      '/?TOKEN=[redacted]&Email=[redacted]&Pass=[redacted]&PASSWORD=[redacted]&page=2',
    );
  });

  it('never throws, whatever the request target', () => {
    for (const target of ['//[', '//%/', '//x:99999/', '/%E0%A4%A', '\\x'])
      expect(() => redactUrl(target)).not.toThrow();
    expect(redactUrl('//evil.example/a?token=t')).toBe('//evil.example/a?token=[redacted]');
  });

  it('never throws on malformed percent-encoding', () => {
    expect(redactUrl('/%E0%A4%A?token=%ZZ&q=%E0')).toBe('/%E0%A4%A?token=[redacted]&q=%EF%BF%BD');
  });

  it('masks secrets in free text and JSON', () => {
    const text = 'GET http://u/rest?token=s3cr3t&x=1 body {"password":"hunter2","name":"Анна"}';
    const out = redactText(text);
    expect(out).not.toContain('s3cr3t');
    expect(out).not.toContain('hunter2');
    expect(out).toContain('"name":"Анна"');
  });

  it('never writes a token, pass or password to a log line', () => {
    const { log, lines } = capture();
    log.info(
      { token: 't-1', user: { refreshToken: 'r-1' }, body: { password: 'p-1', pass: 'o-1' } },
      'calling ?token=t-2',
    );
    log.error({ err: new Error('failed at /rest/x/?token=t-3') }, 'upstream failed');
    const all = lines.join('\n');
    for (const secret of ['t-1', 'r-1', 'p-1', 'o-1', 't-2', 't-3']) expect(all).not.toContain(secret);
    expect(all).toContain('[redacted]');
  });
});

describe('header redaction', () => {
  it('masks cookie headers', () => {
    const { log, lines } = capture();
    log.info({ headers: { cookie: 'vptk=c-1', 'set-cookie': ['rvptk=c-2'] } }, 'headers');
    expect(lines.join('')).not.toMatch(/c-1|c-2/);
  });
});

describe('LOG_FORMAT=short (npm start)', () => {
  it('a request is one short line, an entry its level, message and fields, an error its message without the stack', () => {
    const time = new Date(2026, 11, 4, 12, 1, 2).getTime();
    expect(
      shortLine(JSON.stringify({ level: 30, time, msg: 'request', method: 'GET', url: '/lk', status: 200, ms: 35 })),
    ).toBe('12:01:02 GET /lk 200 35 мс');
    const failed = JSON.stringify({
      level: 40,
      time,
      msg: 'redis not ready at start',
      port: 6379,
      err: {
        type: 'Error',
        message: 'connect ECONNREFUSED',
        stack: 'Error: connect ECONNREFUSED\n    at x (y.js:1:1)',
      },
    });
    expect(shortLine(failed)).toBe('12:01:02 WARN redis not ready at start port=6379 err=Error: connect ECONNREFUSED');
  });

  it('the logger in short lines still redacts', () => {
    const lines: string[] = [];
    const log = createLogger({ logLevel: 'info' }, shortLines({ write: (line: string) => lines.push(line) }));
    log.info({ token: 'secret-token' }, 'signed in');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d{2}:\d{2}:\d{2} signed in token=\[redacted\]\n$/);
  });
});
