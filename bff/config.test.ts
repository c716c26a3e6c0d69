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

  it('keeps the shared state in memory without REDIS_URL, in Redis under a namespace with it (ADR 022)', () => {
    expect(loadConfig({}).redis).toBeNull();
    expect(loadConfig({ REDIS_URL: '' }).redis).toBeNull();
    expect(loadConfig({ REDIS_URL: 'redis://10.0.0.5:6379/2' }).redis).toEqual({
      url: 'redis://10.0.0.5:6379/2',
      keyPrefix: 'portal:',
    });
    expect(loadConfig({ REDIS_URL: 'rediss://r.example:6380', REDIS_KEY_PREFIX: 'day:' }).redis?.keyPrefix).toBe(
      'day:',
    );
    expect(() => loadConfig({ REDIS_URL: 'http://10.0.0.5:6379' })).toThrow(/REDIS_URL/);
  });
});
