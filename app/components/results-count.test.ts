import { describe, expect, it } from 'vitest';
import { describeCount } from './results-count';

const scenarios = { one: 'сценарий', few: 'сценария', many: 'сценариев' };

describe('describeCount', () => {
  it('says so when nothing matched', () => {
    expect(describeCount(0, scenarios)).toBe('Ничего не найдено');
  });

  it('agrees the noun with the number as Russian does', () => {
    expect(describeCount(1, scenarios)).toBe('Найдено: 1 сценарий');
    expect(describeCount(3, scenarios)).toBe('Найдено: 3 сценария');
    expect(describeCount(5, scenarios)).toBe('Найдено: 5 сценариев');
    expect(describeCount(11, scenarios)).toBe('Найдено: 11 сценариев');
    expect(describeCount(21, scenarios)).toBe('Найдено: 21 сценарий');
    expect(describeCount(104, scenarios)).toBe('Найдено: 104 сценария');
  });
});
