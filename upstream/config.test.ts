import { describe, expect, it } from 'vitest';
import { loadUpstreamConfig, UpstreamConfigError } from './config';

describe('loadUpstreamConfig', () => {
  it('has working defaults', () => {
    expect(loadUpstreamConfig({})).toEqual({
      nodeEnv: 'development',
      host: '127.0.0.1',
      port: 3001,
      db: 'data/upstream.sqlite',
      authTokenTtlSeconds: 3600,
      devTools: false,
      faults: false,
      portalOrigin: 'http://localhost:3000',
    });
  });

  it('takes an empty portal origin for the default', () => {
    expect(loadUpstreamConfig({ UPSTREAM_PORTAL_ORIGIN: '' }).portalOrigin).toBe('http://localhost:3000');
  });

  it('reads every variable', () => {
    const config = loadUpstreamConfig({
      UPSTREAM_HOST: '0.0.0.0',
      UPSTREAM_PORT: '0',
      UPSTREAM_DB: ':memory:',
      UPSTREAM_AUTH_TOKEN_TTL_SECONDS: '5',
      UPSTREAM_DEV_TOOLS: '1',
      UPSTREAM_FAULTS: 'true',
      UPSTREAM_PORTAL_ORIGIN: 'https://portal.example.ru/ignored/path',
      NODE_ENV: 'test',
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 0,
      db: ':memory:',
      authTokenTtlSeconds: 5,
      devTools: true,
      faults: true,
      portalOrigin: 'https://portal.example.ru',
    });
  });

  it('rejects nonsense', () => {
    expect(() => loadUpstreamConfig({ UPSTREAM_PORT: 'eighty' })).toThrow(UpstreamConfigError);
    expect(() => loadUpstreamConfig({ UPSTREAM_DEV_TOOLS: 'yes' })).toThrow(/UPSTREAM_DEV_TOOLS/);
    expect(() => loadUpstreamConfig({ UPSTREAM_PORTAL_ORIGIN: 'ftp://portal.example.ru' })).toThrow(
      /UPSTREAM_PORTAL_ORIGIN/,
    );
  });

  it('refuses dev tools or fault injection in production', () => {
    expect(() => loadUpstreamConfig({ NODE_ENV: 'production', UPSTREAM_DEV_TOOLS: '1' })).toThrow(/UPSTREAM_DEV_TOOLS/);
    expect(() => loadUpstreamConfig({ NODE_ENV: 'production', UPSTREAM_FAULTS: '1' })).toThrow(/UPSTREAM_FAULTS/);
    expect(loadUpstreamConfig({ NODE_ENV: 'production' }).devTools).toBe(false);
  });
});
