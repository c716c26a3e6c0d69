import { describe, expect, it } from 'vitest';
import { NAME_MAX, NAME_PATTERN, nameProblem } from './names';

describe('the names rule', () => {
  it.each([
    'Анна',
    'Иванова-Петрова',
    'Анна Мария',
    'O’Brien',
    "D'Artagnan",
    'Ёлкина',
    'Müller',
    'Zoë',
    'Ахмед',
    'Łukasz',
    'Ω',
    '李',
    'José', // a combining acute accent after the e
    'Ғалымжан',
  ])('accepts %s', (name) => {
    expect(nameProblem(name)).toBeNull();
    expect(NAME_PATTERN.test(name)).toBe(true);
  });

  it.each([
    ['Аня 😀', 'Только буквы, пробел, дефис и апостроф'],
    ['Анна2', 'Только буквы, пробел, дефис и апостроф'],
    ['Анна!', 'Только буквы, пробел, дефис и апостроф'],
    ['Анна_Мария', 'Только буквы, пробел, дефис и апостроф'],
    ['-Анна', 'Начните с буквы'],
    ['’Анна', 'Начните с буквы'],
    ['1Анна', 'Начните с буквы'],
    ['😀', 'Начните с буквы'],
  ])('refuses %s: «%s»', (name, message) => {
    expect(nameProblem(name)).toBe(message);
  });

  it(`takes up to ${NAME_MAX} characters`, () => {
    expect(nameProblem('А'.repeat(NAME_MAX))).toBeNull();
    expect(nameProblem('А'.repeat(NAME_MAX + 1))).toBe(`Не более ${NAME_MAX} символов`);
  });

  it('leaves an empty name to the caller (a patronymic may be empty)', () => {
    expect(nameProblem('')).toBeNull();
  });
});
