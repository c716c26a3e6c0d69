import { describe, expect, it } from 'vitest';
import { readNumberLookup } from './certificate-lookup.schema';

const read = (query: Record<string, string>) => readNumberLookup(new URLSearchParams(query));

describe('readNumberLookup (ADR 238)', () => {
  it('brings a number as typed to its printed form', () => {
    expect(read({ number: ' № д–2026–000002 ', lastName: '  Иванова ' }).query).toEqual({
      number: 'Д-2026-000002',
      lastName: 'Иванова',
    });
    expect(read({ number: 'д 2026 000002', lastName: 'Иванова' }).query?.number).toBe('Д-2026-000002');
    expect(read({ number: 'Д - 2026 - 000002', lastName: 'Иванова' }).query?.number).toBe('Д-2026-000002');
    expect(read({ number: 'оу-0417', lastName: 'Салтыкова-Щедрина' }).query).toEqual({
      number: 'ОУ-0417',
      lastName: 'Салтыкова-Щедрина',
    });
  });

  it('reads Latin letters that look like Cyrillic ones as the printed Cyrillic (ADR 238)', () => {
    expect(read({ number: 'MK-2026-000002', lastName: 'Кузнецова' }).query?.number).toBe('МК-2026-000002');
    expect(read({ number: 'oy-0417', lastName: 'Иванова' }).query?.number).toBe('ОУ-0417');
    expect(read({ number: 't 2026 000041', lastName: 'Иванова' }).query?.number).toBe('Т-2026-000041');
    // A Latin letter with no Cyrillic twin stays what it is, and such a number is simply not found.
    expect(read({ number: 'Z-1', lastName: 'Иванова' }).query?.number).toBe('Z-1');
  });

  it('says in Russian at each field what is wrong, and asks nothing of the upstream', () => {
    expect(read({ number: '', lastName: '' })).toMatchObject({
      query: null,
      errors: { number: 'Введите номер сертификата', lastName: 'Введите фамилию, как она напечатана в сертификате' },
    });
    expect(read({}).errors.number).toBe('Введите номер сертификата');
    for (const number of ['ОУ-0417!', '<script>', 'Д--2026', '\u0000', '\ud800', '🙂-1', 'A-B-C-D-E']) {
      expect(read({ number, lastName: 'Иванова' }).errors.number, number).toMatch(/^Номер состоит из букв и цифр/);
    }
    expect(read({ number: 'Д'.repeat(41), lastName: 'Иванова' }).errors.number).toMatch(/^Номер слишком длинный/);
    expect(read({ number: ' '.repeat(100_000), lastName: 'Иванова' }).errors.number).toMatch(/^Номер слишком длинный/);
    for (const lastName of ['Иванова1', '<b>', "'", '\u0301']) {
      expect(read({ number: 'ОУ-0417', lastName }).errors.lastName, lastName).toMatch(/^Фамилия пишется буквами/);
    }
    expect(read({ number: 'ОУ-0417', lastName: 'я'.repeat(101) }).errors.lastName).toMatch(/слишком длинная/);
  });

  it('shows back only the start of a huge value', () => {
    const { values } = read({ number: 'Д'.repeat(10_000), lastName: 'я'.repeat(10_000) });
    expect(values.number).toHaveLength(120);
    expect(values.lastName).toHaveLength(120);
  });
});
