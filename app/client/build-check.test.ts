import { describe, expect, it } from 'vitest';
import { isNewBuild, parseBuildDescriptor, shouldLoadDocument } from './build-check';

describe('isNewBuild', () => {
  it('is true only when a different build is known', () => {
    expect(isNewBuild('a1', 'b2')).toBe(true);
    expect(isNewBuild('a1', 'a1')).toBe(false);
    expect(isNewBuild('a1', null)).toBe(false);
    expect(isNewBuild('', 'b2')).toBe(false);
  });
});

describe('shouldLoadDocument', () => {
  const link = { state: 'loading', formMethod: undefined } as const;

  it('turns a link navigation into a document load once a new build is known', () => {
    expect(shouldLoadDocument(link, 'a1', 'b2')).toBe(true);
    expect(shouldLoadDocument(link, 'a1', 'a1')).toBe(false);
    expect(shouldLoadDocument(link, 'a1', null)).toBe(false);
  });

  it('also covers GET form navigations', () => {
    expect(shouldLoadDocument({ state: 'loading', formMethod: 'GET' }, 'a1', 'b2')).toBe(true);
    expect(shouldLoadDocument({ state: 'loading', formMethod: 'get' }, 'a1', 'b2')).toBe(true);
  });

  it('leaves submissions and idle states alone', () => {
    expect(shouldLoadDocument({ state: 'submitting', formMethod: 'POST' }, 'a1', 'b2')).toBe(false);
    expect(shouldLoadDocument({ state: 'loading', formMethod: 'POST' }, 'a1', 'b2')).toBe(false);
    expect(shouldLoadDocument({ state: 'idle', formMethod: undefined }, 'a1', 'b2')).toBe(false);
  });
});

describe('parseBuildDescriptor', () => {
  it('reads the build id', () => {
    expect(parseBuildDescriptor({ buildId: 'b2' })).toBe('b2');
  });

  it.each([null, 'b2', {}, { buildId: 2 }, { buildId: '' }, []])('treats %j as unknown', (body) => {
    expect(parseBuildDescriptor(body)).toBeNull();
  });
});
