/**
 * The one plural of the portal (its pages, its server and the reference upstream): a count with its Russian noun.
 */
const rules = new Intl.PluralRules('ru-RU');
const integer = new Intl.NumberFormat('ru-RU');

/** A Russian noun's forms after a number: `one` (1, 21), `few` (2–4, 22), `many` (5–20, 11–14, 25, fractions). */
export interface PluralForms {
  one: string;
  few: string;
  many: string;
}

/** The form of the noun that follows `count`: «участник», «участника» or «участников». */
export function pluralWord(count: number | bigint, forms: PluralForms): string {
  const rule = rules.select(Number(count));
  return rule === 'one' ? forms.one : rule === 'few' ? forms.few : forms.many;
}

/**
 * «1 минуту», «3 ошибки», «5 символов», «1 200 участников»: the count grouped as Russian writes it (a no-break
 * space between thousands), then its noun.
 */
export function plural(count: number | bigint, forms: PluralForms): string {
  return `${integer.format(count)} ${pluralWord(count, forms)}`;
}
