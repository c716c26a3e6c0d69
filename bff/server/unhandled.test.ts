import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { data } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../log.server';
import { describeReason, keepServingOnUnhandledRejection } from './unhandled.server';

function logged() {
  const lines: Record<string, unknown>[] = [];
  const log = createLogger(
    { logLevel: 'info' },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
        done();
      },
    }),
  );
  return { log, lines };
}

describe('an unhandled rejection', () => {
  it('is logged with what failed and the requests under way, counted, and nothing else happens', () => {
    const { log, lines } = logged();
    const target = new EventEmitter();
    let counted = 0;
    keepServingOnUnhandledRejection({
      log,
      metrics: { unhandledRejection: () => counted++ },
      openRequests: () => [{ requestId: 'r-1', method: 'GET', url: '/dictation' }],
      target: target as unknown as NodeJS.Process,
    });
    target.emit('unhandledRejection', data({ message: null }, { status: 503 }));
    expect(counted).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      response: 503,
      requests: [{ requestId: 'r-1', method: 'GET', url: '/dictation' }],
    });
  });

  it('an error keeps its message and stack, a token in them masked', () => {
    const { log, lines } = logged();
    const target = new EventEmitter();
    keepServingOnUnhandledRejection({
      log,
      metrics: { unhandledRejection: () => undefined },
      openRequests: () => [],
      target: target as unknown as NodeJS.Process,
    });
    target.emit('unhandledRejection', new Error('GET /rest/profile/?token=secret-token failed'));
    const err = lines[0]!.err as { message: string; stack: string };
    expect(err.message).toBe('GET /rest/profile/?token=[redacted] failed');
    expect(JSON.stringify(lines[0])).not.toContain('secret-token');
  });

  it('describes a value that is neither an error nor a response by its kind only', () => {
    expect(describeReason('a string with a token=abc')).toEqual({ kind: 'string' });
    expect(describeReason({ token: 'abc' })).toEqual({ kind: '[object Object]' });
    expect(describeReason(new Response(null, { status: 404 }))).toEqual({ response: 404 });
  });
});
