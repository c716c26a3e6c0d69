import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.server';

const secret = 's'.repeat(32);

describe('loadConfig', () => {
  it('has safe defaults for development', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicOrigin).toBe('http://localhost:3000');
    expect(config.rest.version).toBe('1');
    expect(config.rest.retry).toEqual({ attempts: 3, baseMs: 1000, maxMs: 30_000 });
    expect(config.rest.deadlineMs).toBe(15_000);
    expect(config.session.authCookie).toBe('__Host-vptk');
    expect(config.session.refreshCookie).toBe('__Host-rvptk');
    expect(config.session.secure).toBe(true);
  });

  it('prefixes cookie names with __Host- only on https or loopback origins', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://portal.example' }).session.authCookie).toBe('__Host-vptk');
    expect(loadConfig({ PUBLIC_ORIGIN: 'http://127.0.0.1:8080' }).session.refreshCookie).toBe('__Host-rvptk');
    const plain = loadConfig({ PUBLIC_ORIGIN: 'http://portal.internal', AUTH_COOKIE_NAME: 'mytk' });
    expect(plain.session.authCookie).toBe('mytk');
    expect(plain.session.secure).toBe(false);
  });

  it('takes the secrets from systemd’s credentials (LoadCredential=), never from both places', () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'portal-credentials-'));
    try {
      writeFileSync(path.join(directory, 'SESSION_SECRET'), `${secret}\n`);
      writeFileSync(path.join(directory, 'REDIS_PASSWORD'), 'p'.repeat(24));
      const env = {
        NODE_ENV: 'production',
        CREDENTIALS_DIRECTORY: directory,
        REDIS_URL: 'redis://10.0.2.11:6379',
        REDIS_USERNAME: 'portal',
      };
      const config = loadConfig(env);
      expect(config.session.secrets).toEqual([secret]);
      expect(config.redis?.connection).toMatchObject({ password: 'p'.repeat(24) });
      expect(() => loadConfig({ ...env, SESSION_SECRET: secret })).toThrow(/SESSION_SECRET: given both/);
      expect(() => loadConfig({ NODE_ENV: 'production', CREDENTIALS_DIRECTORY: path.join(directory, 'none') })).toThrow(
        /SESSION_SECRET/,
      );
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('refuses to start in production without a session secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret }).session.secrets).toEqual([secret]);
  });

  it('reads a secret list for rotation and refuses short secrets', () => {
    expect(loadConfig({ SESSION_SECRET: `${secret}, ${'t'.repeat(40)}` }).session.secrets).toHaveLength(2);
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/at least 32/);
  });

  it('names every invalid variable in one clear message', () => {
    try {
      loadConfig({ PORT: 'x', REST_API_URL: 'not a url', REST_API_VERSION: 'v1' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toMatch(/PORT/);
      expect(message).toMatch(/REST_API_URL/);
      expect(message).toMatch(/REST_API_VERSION/);
    }
  });

  it('trusts a proxy only by count or address, never blindly', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('takes the product title and contacts from the environment', () => {
    const config = loadConfig({ PRODUCT_TITLE: 'Портал', CONTACT_EMAIL: 'help@portal.example' });
    expect(config.product.title).toBe('Портал');
    expect(config.product.contacts.email).toBe('help@portal.example');
  });

  it('keeps the shared state in memory without REDIS_URL, in Redis under a namespace with it (ADR 228)', () => {
    expect(loadConfig({}).redis).toBeNull();
    expect(loadConfig({ REDIS_URL: '' }).redis).toBeNull();
    expect(loadConfig({ REDIS_URL: 'redis://10.0.0.5:6379/2' }).redis).toEqual({
      connection: { kind: 'url', url: 'redis://10.0.0.5:6379/2' },
      keyPrefix: 'portal:',
      graceMs: 15_000,
    });
    expect(loadConfig({ REDIS_URL: 'rediss://r.example:6380', REDIS_KEY_PREFIX: 'day:' }).redis?.keyPrefix).toBe(
      'day:',
    );
    expect(() => loadConfig({ REDIS_URL: 'http://10.0.0.5:6379' })).toThrow(/REDIS_URL/);
  });

  describe('Redis through Sentinel, and its passwords (ADR 229)', () => {
    const password = 'p'.repeat(24);

    it('connects through the sentinels listed, to the group named, as the portal’s ACL user', () => {
      const config = loadConfig({
        REDIS_SENTINELS: '10.0.3.1:26379, 10.0.3.2:26379,[fd00::3]:26380',
        REDIS_USERNAME: 'portal',
        REDIS_PASSWORD: password,
      });
      expect(config.redis).toEqual({
        keyPrefix: 'portal:',
        graceMs: 15_000,
        connection: {
          kind: 'sentinel',
          sentinels: [
            { host: '10.0.3.1', port: 26379 },
            { host: '10.0.3.2', port: 26379 },
            { host: 'fd00::3', port: 26380 },
          ],
          name: 'portal',
          username: 'portal',
          password,
          // The portal's user answers on the sentinels too, unless they have a password of their own.
          sentinelPassword: password,
        },
      });
      const own = loadConfig({
        REDIS_SENTINELS: 'data1:26379',
        REDIS_SENTINEL_NAME: 'day-2026',
        REDIS_PASSWORD: password,
        REDIS_SENTINEL_PASSWORD: 's'.repeat(20),
      }).redis?.connection;
      expect(own).toMatchObject({ name: 'day-2026', password, sentinelPassword: 's'.repeat(20) });
    });

    it('takes the single Redis’s user from the URL or from REDIS_USERNAME and REDIS_PASSWORD', () => {
      expect(
        loadConfig({ REDIS_URL: 'redis://10.0.0.5:6379', REDIS_USERNAME: 'portal', REDIS_PASSWORD: password }).redis,
      ).toEqual({
        connection: { kind: 'url', url: 'redis://10.0.0.5:6379', username: 'portal', password },
        keyPrefix: 'portal:',
        graceMs: 15_000,
      });
      expect(loadConfig({ REDIS_URL: `redis://portal:${password}@10.0.0.5:6379` }).redis?.connection).toEqual({
        kind: 'url',
        url: `redis://portal:${password}@10.0.0.5:6379`,
      });
    });

    it.each([
      [{ REDIS_SENTINELS: '10.0.3.1' }, /REDIS_SENTINELS.0: host:port/],
      [{ REDIS_SENTINELS: '10.0.3.1:26379,10.0.3.2:70000' }, /REDIS_SENTINELS.1: host:port/],
      [{ REDIS_SENTINELS: ' , ' }, /REDIS_SENTINELS: at least one host:port/],
      [{ REDIS_SENTINELS: 'a:1', REDIS_URL: 'redis://b:2' }, /REDIS_SENTINELS: set either REDIS_URL/],
      [{ REDIS_SENTINELS: 'a:1', REDIS_SENTINEL_NAME: 'two words' }, /REDIS_SENTINEL_NAME/],
      [{ REDIS_SENTINELS: 'a:1', REDIS_PASSWORD: 'short' }, /REDIS_PASSWORD: at least 16 characters/],
      [{ REDIS_SENTINELS: 'a:1', REDIS_SENTINEL_PASSWORD: 'short' }, /REDIS_SENTINEL_PASSWORD: at least 16/],
      [{ REDIS_SENTINELS: 'a:1', REDIS_USERNAME: 'no spaces' }, /REDIS_USERNAME/],
      [{ REDIS_SENTINELS: 'a:1', REDIS_STANDING_GRACE_MS: '90000' }, /REDIS_STANDING_GRACE_MS: at most 60000/],
      [{ REDIS_SENTINELS: 'a:1', REDIS_STANDING_GRACE_MS: '-1' }, /REDIS_STANDING_GRACE_MS/],
      [{ REDIS_PASSWORD: 'p'.repeat(24) }, /REDIS_PASSWORD: is set, but neither REDIS_URL nor REDIS_SENTINELS/],
      [{ REDIS_URL: `redis://u:${'x'.repeat(20)}@h:1`, REDIS_PASSWORD: 'p'.repeat(24) }, /give it in one place/],
      [{ REDIS_URL: 'redis://h:1', REDIS_PASSWORD: `${'p'.repeat(20)} x` }, /REDIS_PASSWORD: must not contain spaces/],
    ])('refuses %o with a message naming the setting', (env, message) => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    });

    it('requires a password for Redis in production', () => {
      const production = {
        NODE_ENV: 'production',
        SESSION_SECRET: secret,
        PUBLIC_ORIGIN: 'http://localhost:3000',
        HOST: '127.0.0.1',
      };
      expect(() => loadConfig({ ...production, REDIS_SENTINELS: 'a:1' })).toThrow(
        /REDIS_PASSWORD: is required in production with Redis/,
      );
      expect(() => loadConfig({ ...production, REDIS_URL: 'redis://h:1' })).toThrow(/REDIS_PASSWORD: is required/);
      expect(loadConfig({ ...production, REDIS_URL: 'redis://h:1', REDIS_PASSWORD: password }).redis).not.toBeNull();
      expect(loadConfig({ ...production, REDIS_URL: `redis://u:${password}@h:1` }).redis).not.toBeNull();
    });

    it('never puts a password it refuses, or one beside a refused setting, into its message', () => {
      const secrets = [`${'q'.repeat(20)} x`, 'shorty', 'r'.repeat(24), 's'.repeat(22)];
      const attempts = [
        { REDIS_URL: 'redis://h:1', REDIS_PASSWORD: secrets[0] },
        { REDIS_SENTINELS: 'a:1', REDIS_PASSWORD: secrets[1] },
        { REDIS_SENTINELS: 'nonsense', REDIS_PASSWORD: secrets[2], REDIS_SENTINEL_PASSWORD: secrets[3] },
        { REDIS_URL: `redis://u:${secrets[2]}@h:1`, REDIS_PASSWORD: secrets[3] },
        { REDIS_URL: `http://u:${secrets[2]}@h:1` },
      ];
      for (const env of attempts) {
        let message = '';
        try {
          loadConfig(env);
        } catch (error) {
          message = (error as Error).message;
        }
        expect(message).toMatch(/Invalid configuration/);
        for (const value of secrets) expect(message).not.toContain(value.trim());
      }
    });
  });
});

describe('a production start on a public origin (ADR 217)', () => {
  const real = {
    NODE_ENV: 'production',
    SESSION_SECRET: secret,
    PUBLIC_ORIGIN: 'https://portal.example',
    CONTACT_EMAIL: 'help@portal.example',
    CONTACT_PHONE: '8 800 555-35-35',
    CONTACT_VK_URL: 'https://vk.com/portal',
    CONTACT_TELEGRAM_URL: 'https://t.me/portal',
    SITE_URL: 'https://portal.example/about',
    FIRST_AUTH_URL: 'https://id.provider.example/first-auth/',
    OPERATOR_NAME: 'АНО «Просвещение»',
    OPERATOR_INN: '7701234567',
    OPERATOR_OGRN: '1027700000000',
    OPERATOR_ADDRESS: '101000, г. Москва, ул. Мясницкая, д. 1',
    OPERATOR_EMAIL: 'pd@portal.example',
  };

  function refusal(env: Record<string, string | undefined>): string {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('expected the start to stop');
  }

  it('starts with every setting real', () => {
    expect(loadConfig(real).publicOrigin).toBe('https://portal.example');
  });

  it('stops naming each placeholder left: the examples of .env.example and the reference first-auth page', () => {
    const message = refusal({
      NODE_ENV: 'production',
      SESSION_SECRET: secret,
      PUBLIC_ORIGIN: 'https://portal.example',
    });
    for (const name of [
      'CONTACT_EMAIL',
      'CONTACT_PHONE',
      'CONTACT_VK_URL',
      'CONTACT_TELEGRAM_URL',
      'SITE_URL',
      'FIRST_AUTH_URL',
      'OPERATOR_NAME',
      'OPERATOR_INN',
      'OPERATOR_OGRN',
      'OPERATOR_ADDRESS',
      'OPERATOR_EMAIL',
    ]) {
      expect(message).toContain(`  ${name}: `);
    }
    expect(message).not.toContain('PUBLIC_ORIGIN');
  });

  it.each([
    ['CONTACT_EMAIL', 'support@example.org'],
    ['CONTACT_VK_URL', 'https://vk.com'],
    ['SITE_URL', 'https://EXAMPLE.org/'],
    ['FIRST_AUTH_URL', 'http://127.0.0.1:3001/first-auth/'],
    ['FIRST_AUTH_URL', 'http://localhost:4000/first-auth'],
  ])('stops on %s=%s alone, naming only it', (name, value) => {
    const message = refusal({ ...real, [name]: value });
    expect(message.split('\n').slice(1)).toEqual([expect.stringMatching(new RegExp(`^  ${name}: `))]);
  });

  it('stops on a public http:// origin (Secure, __Host- and HSTS would be lost)', () => {
    const message = refusal({ ...real, PUBLIC_ORIGIN: 'http://portal.example' });
    expect(message).toMatch(/PUBLIC_ORIGIN: a public origin must be https:\/\//);
  });

  it('a loopback origin stays a local run: placeholders are fine there', () => {
    for (const origin of [undefined, 'http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000']) {
      const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret, PUBLIC_ORIGIN: origin });
      expect(config.product.contacts.email).toBe('support@example.org');
    }
  });

  it.each(['0.0.0.0', '::', '10.0.0.5', 'portal.internal'])(
    'stops when it listens beyond loopback (HOST=%s) with PUBLIC_ORIGIN unset, naming the variable',
    (host) => {
      // Unset, the origin would be http://localhost:PORT: every check above skipped, mailed links to localhost.
      const message = refusal({ ...real, PUBLIC_ORIGIN: undefined, HOST: host });
      expect(message.split('\n').slice(1)).toEqual([
        expect.stringMatching(/^ {2}PUBLIC_ORIGIN: is required in production when HOST is not a loopback address/),
      ]);
      expect(message).toContain(`HOST=${host}`);
    },
  );

  it.each(['127.0.0.1', 'localhost', '::1', '127.0.0.2'])(
    'starts on a loopback HOST=%s without PUBLIC_ORIGIN (npm start, the cluster’s instances)',
    (host) => {
      const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret, HOST: host });
      expect(config.publicOrigin).toBe('http://localhost:3000');
    },
  );

  it('development and test runs keep the placeholders on any origin', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'http://portal.internal' }).product.contacts.site).toBe('https://example.org/');
  });

  it('serves metrics only when METRICS_PORT is set, on loopback by default, never on PORT (ADR 218)', () => {
    expect(loadConfig({}).metrics).toBeNull();
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(loadConfig({ METRICS_PORT: '0', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({ host: '10.0.0.5', port: 0 });
    expect(() => loadConfig({ PORT: '4000', METRICS_PORT: '4000' })).toThrow(/METRICS_PORT: must differ from PORT/);
  });
});
