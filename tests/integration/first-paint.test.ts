import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, type Client } from './harness';
import { useServers } from './servers';

/**
 * ADR 223: every document carries the whole stylesheet in one `<style>` under the response's CSP nonce, and links
 * no stylesheet a phone would have to wait for; the CSS text never travels in the client's JavaScript.
 */

const servers = useServers();
let teacher: Client;

beforeAll(async () => {
  teacher = servers.portal.client();
  await teacher.login(DEMO_USERS.teacher.email, DEMO_USERS.teacher.password);
});

function styleNonce(response: Response): string {
  const styleSrc = /(?:^|;)\s*style-src ([^;]*)/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1];
  const nonces = (styleSrc ?? '').split(/\s+/).filter((source) => source.startsWith("'nonce-"));
  expect(nonces, `style-src ${styleSrc}`).toHaveLength(1);
  expect(styleSrc).not.toContain("'unsafe-inline'");
  return nonces[0]!.slice("'nonce-".length, -1);
}

/** Rules of the base, of the shared components and of screens other than the page itself. */
const RULES = ['.skip-link{', '.auth-screen{', '.scenario-card{', '.test-question', '.dictation-page'];

describe('the first paint needs nothing but the document', () => {
  it.each([
    ['/', () => teacher],
    ['/password', () => servers.portal.client()],
    ['/lk', () => teacher],
    ['/lk/scenarios', () => teacher],
    ['/nope', () => servers.portal.client()],
  ])(
    '%s: one <style> under the response’s nonce, with every screen’s rules; no stylesheet link',
    async (page, client) => {
      const response = await client().request(page);
      const html = await response.text();
      const nonce = styleNonce(response);
      const styles = [...html.matchAll(/<style\b([^>]*)>([\s\S]*?)<\/style>/g)];
      expect(styles).toHaveLength(1);
      const [, attributes, css] = styles[0]!;
      expect(attributes).toBe(` nonce="${nonce}"`);
      // A client-side navigation to any other screen finds its rules already here.
      for (const rule of RULES) expect(css, rule).toContain(rule);
      // Minified, and before the body: the browser has it when it first lays out the page.
      expect(css).not.toContain('/*');
      expect(html.indexOf('<style')).toBeLessThan(html.indexOf('<body'));
      expect(html).not.toMatch(/<link\b[^>]*rel="stylesheet"/);
      // The CSP refuses every other inline style: no style attribute is rendered.
      expect(html).not.toMatch(/<[a-z][^>]*\sstyle="/);
    },
  );

  it.each(['/', '/login'])(
    'signed-out %s, a page the balancer shares (ADR 227): the same one <style>, under its hash',
    async (page) => {
      const response = await servers.portal.client().request(page);
      const html = await response.text();
      const styles = [...html.matchAll(/<style\b([^>]*)>([\s\S]*?)<\/style>/g)];
      expect(styles).toHaveLength(1);
      const [, attributes, css] = styles[0]!;
      expect(attributes).not.toMatch(/nonce="[^"]/);
      for (const rule of RULES) expect(css, rule).toContain(rule);
      const hash = createHash('sha256').update(css!, 'utf8').digest('base64');
      expect(response.headers.get('Content-Security-Policy')).toContain(`style-src 'self' 'sha256-${hash}';`);
    },
  );

  it('the client build holds no stylesheet, neither as a file nor as text inside its JavaScript', () => {
    const assets = path.resolve('build/client/assets');
    const files = readdirSync(assets);
    expect(files.filter((file) => file.endsWith('.css'))).toEqual([]);
    const scripts = files.filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(10);
    for (const file of scripts) {
      const code = readFileSync(path.join(assets, file), 'utf8');
      expect(code, file).not.toContain('.skip-link{');
      expect(code, file).not.toContain('--color-surface');
    }
  });

  it('a document is sent as brotli, or gzip, with the options the portal sets, and decodes to the whole page', async () => {
    const raw = (encoding: string) =>
      new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
        get(`${servers.portal.origin}/login`, { headers: { 'Accept-Encoding': encoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
          );
        }).on('error', reject);
      });
    const br = await raw('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    const gzip = await raw('gzip');
    expect(gzip.encoding).toBe('gzip');
    for (const html of [brotliDecompressSync(br.body), gunzipSync(gzip.body)].map(String)) {
      expect(html).toMatch(/^<!DOCTYPE html>/);
      // To its very end: Remix's data stream is closed after the document.
      expect(html).toContain('streamController.close()');
      expect(html).not.toContain('\0');
    }
  });
});
