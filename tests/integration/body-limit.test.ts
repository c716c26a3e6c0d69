import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useServers } from './servers';

/** Remix reads a body whole before an action runs: oversized or length-less bodies are refused up front. */

const servers = useServers();

function post(headers: Record<string, string>, body: string | string[]): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${servers.portal.origin}/login`,
      { method: 'POST', headers: { 'Sec-Fetch-Site': 'same-origin', ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    for (const part of [body].flat()) req.write(part);
    req.end();
  });
}

describe('request body limit', () => {
  it('refuses a body over 64 KB with 413 before reading it, and never calls the upstream', async () => {
    await servers.upstream.resetStats();
    const big = `email=${'a'.repeat(70 * 1024)}`;
    const answer = await post(
      { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(big.length) },
      big,
    );
    expect(answer.status).toBe(413);
    expect(answer.text).toBe('Запрос слишком большой.');
    expect((await servers.upstream.stats()).login).toBe(0);
  });

  it('refuses a chunked body without a length with 411', async () => {
    const answer = await post({ 'Content-Type': 'application/x-www-form-urlencoded', 'Transfer-Encoding': 'chunked' }, [
      'email=a',
      '&password=b',
    ]);
    expect(answer.status).toBe(411);
  });

  it('lets an ordinary form post through', async () => {
    const body = 'email=teacher%40example.org&password=x';
    const answer = await post(
      { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(body.length) },
      body,
    );
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('Вход');
  });
});
