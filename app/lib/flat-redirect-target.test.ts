import { describe, expect, it } from 'vitest';
import { FLAT_PATHS } from './flat-paths';
import { flatRedirectTarget } from './flat-redirect-target';

const target = (pathAndQuery: string) => flatRedirectTarget(new URL(pathAndQuery, 'http://portal.test'));

describe('flatRedirectTarget', () => {
  it.each(Object.entries(FLAT_PATHS))('maps /%s to %s', (flat, nested) => {
    expect(target(`/${flat}`)).toBe(nested);
  });

  it('moves a digits-only id of the -id forms into the path', () => {
    expect(target('/scenarios-id?id=5')).toBe('/lk/scenarios/5');
    expect(target('/testing-id?id=12')).toBe('/lk/testing/12');
    expect(target('/dictations-id?id=7')).toBe('/lk/dictations/7');
    expect(target('/master-classes-id?id=3')).toBe('/lk/master-classes/3');
  });

  it('keeps the other query parameters', () => {
    expect(target('/scenarios-id?utm_source=mail&id=5&page=2')).toBe('/lk/scenarios/5?utm_source=mail&page=2');
    expect(target('/law-week-themes?page=2')).toBe('/lk/law-week/themes?page=2');
  });

  it('treats a missing or empty id as the list', () => {
    expect(target('/scenarios-id')).toBe('/lk/scenarios');
    expect(target('/scenarios-id?id=')).toBe('/lk/scenarios');
  });

  it('leaves ?id= alone on the forms without an id', () => {
    expect(target('/scenarios?id=abc')).toBe('/lk/scenarios?id=abc');
  });

  it.each(['abc', '1e3', '-1', '5 ', '0x1'])('answers null (404) for id %j', (id) => {
    expect(target(`/scenarios-id?id=${encodeURIComponent(id)}`)).toBeNull();
  });

  it('matches the way the router does: any case, trailing slash', () => {
    expect(target('/Scenarios-ID/?id=5')).toBe('/lk/scenarios/5');
  });

  it('answers null for paths that are not flat fallbacks', () => {
    expect(target('/unknown')).toBeNull();
    expect(target('/toString')).toBeNull();
    expect(target('/lk/scenarios')).toBeNull();
  });
});
