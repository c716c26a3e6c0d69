import { Writable } from 'node:stream';
import type { AppLoadContext } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { createLogger } from '#bff/log.server';
import { handleError } from './entry.server';

function capture() {
  const lines: string[] = [];
  const log = createLogger(
    { logLevel: 'debug' },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  return { lines, context: { log } as unknown as AppLoadContext };
}

describe('handleError: the paths it logs are redacted', () => {
  it.each(['/dictation/s3cr3t-t0ken', '/%64ictation/s3cr3t-t0ken', '/DICTATION/s3cr3t-t0ken/text'])(
    'a failure at %s names the route, not the token',
    (path) => {
      const { lines, context } = capture();
      handleError(new Error('boom'), {
        request: new Request(`http://portal.test${path}?pass=p4ss`),
        context,
        params: {},
      });
      expect(lines).toHaveLength(1);
      expect(lines[0]).not.toContain('s3cr3t');
      expect(lines[0]).not.toContain('p4ss');
      expect(JSON.parse(lines[0]!)).toMatchObject({ level: 50, path: expect.stringContaining('[redacted]') });
    },
  );
});
