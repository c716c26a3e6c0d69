import { describe, expect, it } from 'vitest';
import { plural, pluralWord } from './plural';

const minutes = { one: 'минута', few: 'минуты', many: 'минут' };

describe('plural', () => {
  it('puts the noun in the form each count needs', () => {
    expect([1, 2, 5, 11, 14, 21, 22, 25, 0, 111].map((n) => plural(n, minutes))).toEqual([
      '1 минута',
      '2 минуты',
      '5 минут',
      '11 минут',
      '14 минут',
      '21 минута',
      '22 минуты',
      '25 минут',
      '0 минут',
      '111 минут',
    ]);
  });

  it('takes the many form for a fraction, and counts a bigint like a number', () => {
    expect(pluralWord(1.5, minutes)).toBe('минут');
    expect(plural(3n, minutes)).toBe('3 минуты');
  });

  it('groups a count past a thousand as Russian writes it, with a no-break space', () => {
    expect(plural(1200, { one: 'участник', few: 'участника', many: 'участников' })).toBe('1\u00a0200 участников');
    expect(plural(2001, minutes)).toBe('2\u00a0001 минута');
  });
});
