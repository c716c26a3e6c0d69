/**
 * Input masks (docs/product.md §3): `#` a digit, `@` a letter, `*` a letter or a digit; any other character of the
 * pattern is a literal that is typed for the user.
 */
const TOKENS: Record<string, RegExp> = {
  '#': /\d/,
  '@': /\p{L}/u,
  '*': /[\p{L}\d]/u,
};

/** Formats free input with the pattern, dropping characters that fit no token. */
export function applyMask(value: string, pattern: string): string {
  let out = '';
  let i = 0;
  for (const slot of pattern) {
    if (i >= value.length) break;
    const token = TOKENS[slot];
    if (!token) {
      out += slot;
      if (value[i] === slot) i++;
      continue;
    }
    while (i < value.length && !token.test(value[i]!)) i++;
    if (i >= value.length) break;
    out += value[i++];
  }
  return out;
}

/** Russian phone numbers: what the profile and registration forms show and send. */
export const PHONE_MASK = '+7 (###) ###-##-##';

/** The mask's format in words, for the field's hint: the placeholder alone would vanish as the user types. */
export const PHONE_HINT = 'Десять цифр после +7, например +7 (900) 123-45-67.';

/**
 * Why the number is asked (issue 37): the provider's registration requires it, and the portal itself
 * uses it for nothing a user sees; the organisers keep it to reach a participant whose mail does not arrive.
 * Nothing more is promised: no calls or messages from the site.
 */
export const PHONE_WHY =
  'Его требуют организаторы: по нему с вами могут связаться, если письмо не дойдёт. Сайт не звонит и не присылает СМС.';

/** Any way of writing a Russian number (+7…, 8…, ten digits) as the eleven digits the /rest API takes. */
export function normalizePhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 10) return `7${digits}`;
  if (digits.length === 11 && digits.startsWith('8')) return `7${digits.slice(1)}`;
  return digits;
}

/**
 * What a masked input shows for `value`. A phone number written some other way (8…, 7…, ten digits, as pasted
 * or as posted without JavaScript) is normalised, so its digits land in the right slots; a trunk 8 or 7 typed
 * first, key by key, gives way once the eleventh digit arrives.
 */
export function formatForMask(value: string, pattern: string): string {
  if (pattern !== PHONE_MASK) return applyMask(value, pattern);
  let digits = value.replace(/\D/g, '');
  // The mask's own country code, already typed for the user.
  if (value.trimStart().startsWith('+7')) digits = digits.slice(1);
  if (digits.length > 10 && /^[78]/.test(digits)) digits = digits.slice(1);
  if (!digits) return '';
  // The leading 7 is consumed by the pattern's literal, so an area code starting with 7 stays intact.
  return applyMask(`7${digits}`, pattern);
}
