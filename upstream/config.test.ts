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
    });
  });

  it('reads every variable', () => {
    const config = loadUpstreamConfig({
      UPSTREAM_HOST: '0.0.0.0',
      UPSTREAM_PORT: '0',
      UPSTREAM_DB: ':memory:',
      UPSTREAM_AUTH_TOKEN_TTL_SECONDS: '5',
      UPSTREAM_DEV_TOOLS: '1',
      UPSTREAM_FAULTS: 'true',
      NODE_ENV: 'test',
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 0,
      db: ':memory:',
      authTokenTtlSeconds: 5,
      devTools: true,
      faults: true,
    });
  });

  it('rejects nonsense', () => {
    expect(() => loadUpstreamConfig({ UPSTREAM_PORT: 'eighty' })).toThrow(UpstreamConfigError);
    expect(() => loadUpstreamConfig({ UPSTREAM_DEV_TOOLS: 'yes' })).toThrow(/UPSTREAM_DEV_TOOLS/);
  });

  it('refuses dev tools or fault injection in production', () => {
    expect(() => loadUpstreamConfig({ NODE_ENV: 'production', UPSTREAM_DEV_TOOLS: '1' })).toThrow(/UPSTREAM_DEV_TOOLS/);
    expect(() => loadUpstreamConfig({ NODE_ENV: 'production', UPSTREAM_FAULTS: '1' })).toThrow(/UPSTREAM_FAULTS/);
    expect(loadUpstreamConfig({ NODE_ENV: 'production' }).devTools).toBe(false);
  });
});
