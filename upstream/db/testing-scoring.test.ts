import { describe, expect, it } from 'vitest';
import { isCorrect, normalizeTextAnswer, percentOf } from './testing-scoring';

const single = { kind: 'single' as const, rightOptionIds: [2], rightTexts: [] };
const multiple = { kind: 'multiple' as const, rightOptionIds: [1, 3], rightTexts: [] };
const text = { kind: 'text' as const, rightOptionIds: [], rightTexts: ['Жёлудь', 'Федеральное Собрание'] };
const choose = (...optionIds: number[]) => ({ optionIds, text: '' });
const type = (answer: string) => ({ optionIds: [], text: answer });

describe('scoring', () => {
  it('a single choice counts only the right option', () => {
    expect(isCorrect(single, choose(2))).toBe(true);
    expect(isCorrect(single, choose(1))).toBe(false);
    expect(isCorrect(single, null)).toBe(false);
  });

  it('a multiple choice counts only the exact set: a missed or an extra option loses the point', () => {
    expect(isCorrect(multiple, choose(3, 1))).toBe(true);
    expect(isCorrect(multiple, choose(1))).toBe(false);
    expect(isCorrect(multiple, choose(1, 2, 3))).toBe(false);
  });

  it('a short answer ignores case, surrounding and repeated spaces, and reads «ё» as «е»', () => {
    expect(isCorrect(text, type('  желудь '))).toBe(true);
    expect(isCorrect(text, type('ЖЁЛУДЬ'))).toBe(true);
    expect(isCorrect(text, type('федеральное   собрание'))).toBe(true);
    expect(isCorrect(text, type('жёлуди'))).toBe(false);
    expect(isCorrect(text, type('   '))).toBe(false);
    expect(normalizeTextAnswer(' Ёлка  Зелёная ')).toBe('елка зеленая');
  });

  it('rounds the percentage down, so 69.9 % does not pass a 70 % bar', () => {
    expect(percentOf(7, 10)).toBe(70);
    expect(percentOf(2, 3)).toBe(66);
    expect(percentOf(0, 8)).toBe(0);
  });
});
