import { describe, expect, it } from 'vitest';
import { countErrors, gradeFor, reviewText } from './review';

describe('dictation review', () => {
  it('marks a wrong word, a missing comma and an extra one, each against the reference', () => {
    const segments = reviewText('Осень наступила, и листья пожелтели.', 'Осень наступила и листя, пожелтели.');
    expect(segments).toEqual([
      { kind: 'same', text: 'Осень наступила' },
      { kind: 'missing', expected: ',' },
      { kind: 'same', text: ' и ' },
      { kind: 'wrong', written: 'листя', expected: 'листья' },
      { kind: 'extra', written: ',' },
      { kind: 'same', text: ' пожелтели.' },
    ]);
    // Each mark is one error: the count is what the participant sees marked.
    expect(countErrors(segments)).toBe(3);
  });

  it('counts a merged word and a split one once each, and ignores spacing', () => {
    const segments = reviewText('Мы шли по лесу и вдруг увидели ежа.', 'Мы  шли полесу\nи в друг увидели ежа.');
    expect(segments.filter((segment) => segment.kind !== 'same')).toEqual([
      { kind: 'wrong', written: 'полесу', expected: 'по лесу' },
      { kind: 'wrong', written: 'в друг', expected: 'вдруг' },
    ]);
    expect(countErrors(segments)).toBe(2);
  });

  it('marks two wrong words side by side, and a skipped phrase word by word, one error each', () => {
    const segments = reviewText('Мы шли по узкой тропинке домой.', 'Мы шли па ускай тропинке.');
    expect(segments.filter((segment) => segment.kind !== 'same')).toEqual([
      { kind: 'wrong', written: 'па', expected: 'по' },
      { kind: 'wrong', written: 'ускай', expected: 'узкой' },
      { kind: 'missing', expected: 'домой' },
    ]);
    expect(countErrors(segments)).toBe(3);
    expect(segments.map((s) => (s.kind === 'same' ? s.text : s.kind === 'extra' ? '' : s.expected)).join('')).toBe(
      'Мы шли по узкой тропинке домой.',
    );
  });

  it('counts «на последок» for «напоследок» once: the demo result agrees with its marks', () => {
    const segments = reviewText(
      'Казалось, что природа, прощаясь с летом, решила напоследок показать всё.',
      'Казалось, что природа прощаясь с летом, решила на последок показать всё.',
    );
    const marks = segments.filter((segment) => segment.kind !== 'same');
    expect(marks).toEqual([
      { kind: 'missing', expected: ',' },
      { kind: 'wrong', written: 'на последок', expected: 'напоследок' },
    ]);
    expect(countErrors(segments)).toBe(marks.length);
  });

  it('finds no error in an exact copy, and marks text written past the end', () => {
    expect(countErrors(reviewText('Весна пришла.', 'Весна пришла.'))).toBe(0);
    expect(reviewText('Весна пришла.', 'Весна пришла. Конец')).toContainEqual({ kind: 'extra', written: 'Конец' });
  });

  it('grades five without errors, then four, three and two', () => {
    expect([0, 1, 2, 3, 5, 6, 20].map(gradeFor)).toEqual([5, 4, 4, 3, 3, 2, 2]);
  });
});
