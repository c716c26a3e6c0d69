/**
 * The rule for a person's names (first name, last name, patronymic), in one place for the forms' schemas, the
 * /rest contract and the reference upstream: letters of any alphabet with their combining marks, spaces,
 * hyphens and apostrophes (’ and '), starting with a letter, at most `NAME_MAX` characters. Names go onto
 * certificates as typed, so «Аня 😀» or a hundred characters are refused at the field.
 */
export const NAME_MAX = 50;

/** A letter first, then letters, combining marks, spaces, hyphens and apostrophes. */
export const NAME_PATTERN = /^\p{L}[\p{L}\p{M} '’-]*$/u;

export const NAME_MESSAGES = {
  /** «Укажите имя», «Укажите фамилию». */
  required: (label: string) => `Укажите ${label}`,
  tooLong: `Не более ${NAME_MAX} символов`,
  firstLetter: 'Начните с буквы',
  letters: 'Только буквы, пробел, дефис и апостроф',
} as const;

/**
 * What is wrong with a name already trimmed, in Russian, or null when it follows the rule. An empty name is the
 * caller's to judge (a patronymic may be empty).
 */
export function nameProblem(name: string): string | null {
  if (name.length > NAME_MAX) return NAME_MESSAGES.tooLong;
  if (name === '' || NAME_PATTERN.test(name)) return null;
  return /^\p{L}/u.test(name) ? NAME_MESSAGES.letters : NAME_MESSAGES.firstLetter;
}
