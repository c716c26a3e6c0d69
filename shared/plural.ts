const rules = new Intl.PluralRules('ru-RU');

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

/** «1 минуту», «3 ошибки», «5 символов»: the count as digits, then its noun. */
export function plural(count: number | bigint, forms: PluralForms): string {
  return `${count} ${pluralWord(count, forms)}`;
}
