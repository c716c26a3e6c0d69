import { describe, expect, it } from 'vitest';
import { applyMask, formatForMask, normalizePhone, PHONE_MASK } from './mask';

describe('applyMask', () => {
  it('fills digits into # slots and types the literals', () => {
    expect(applyMask('9001234567', PHONE_MASK)).toBe('+7 (900) 123-45-67');
    expect(applyMask('79001234567', PHONE_MASK)).toBe('+7 (900) 123-45-67');
    expect(applyMask('+7 (900) 12', PHONE_MASK)).toBe('+7 (900) 12');
  });

  it('drops characters that fit no slot and stops at the pattern end', () => {
    expect(applyMask('9a0b0', '###')).toBe('900');
    expect(applyMask('123456', '##-##')).toBe('12-34');
  });

  it('takes letters in @ slots, Cyrillic included, and letters or digits in * slots', () => {
    expect(applyMask('ab12', '@@-##')).toBe('ab-12');
    expect(applyMask('Жы9', '@@#')).toBe('Жы9');
    expect(applyMask('1Ж-?z', '***')).toBe('1Жz');
    expect(applyMask('12', '@@')).toBe('');
  });
});

describe('normalizePhone', () => {
  it.each([
    ['+7 (900) 123-45-67', '79001234567'],
    ['8 900 123 45 67', '79001234567'],
    ['9001234567', '79001234567'],
    ['12', '12'],
  ])('%s → %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });
});

describe('formatForMask', () => {
  it.each([
    ['79001234567', '+7 (900) 123-45-67'],
    ['8 900 123-45-67', '+7 (900) 123-45-67'],
    ['9001234567', '+7 (900) 123-45-67'],
    ['+7 900 123 45 67', '+7 (900) 123-45-67'],
    ['+7 (900) 12', '+7 (900) 12'],
    ['9', '+7 (9'],
    ['8', '+7 (8'],
    ['+7 (812) 123-45-67', '+7 (812) 123-45-67'],
    ['7012345678', '+7 (701) 234-56-78'],
    ['', ''],
  ])('shows the phone %s as %s', (input, expected) => {
    expect(formatForMask(input, PHONE_MASK)).toBe(expected);
  });

  it('lets a trunk 8 typed first give way to the number, key by key', () => {
    let shown = '';
    for (const key of '8 900 123-45-67') shown = formatForMask(shown + key, PHONE_MASK);
    expect(shown).toBe('+7 (900) 123-45-67');
    shown = '';
    for (const key of '8121234567') shown = formatForMask(shown + key, PHONE_MASK);
    expect(shown).toBe('+7 (812) 123-45-67');
  });

  it('applies any other pattern as it is', () => {
    expect(formatForMask('12a3456', '######')).toBe('123456');
  });
});
