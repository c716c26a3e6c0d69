import { stemmer } from '@orama/stemmers/russian';

/**
 * Russian word forms for the scenarios' search: each word of a text brought to its Snowball stem
 * («Финансовая» → «финансов», «финансы» → «финанс», «Конституции» and «конституция» → «конституц»), lower case,
 * ё as е. The index holds the stems (SQLite's function `ru_stems`, registered on every connection by `Db`), the
 * query is stemmed alike and every word matched as a prefix, so a word half typed still finds its forms.
 */

const WORD = /[\p{L}\p{N}]+/gu;
const CYRILLIC = /\p{Script=Cyrillic}/u;

/** One word's stem: Cyrillic words by the Russian stemmer, others (names in Latin, numbers) only folded. */
export function stemOf(word: string): string {
  const folded = word.toLowerCase().replace(/ё/g, 'е');
  return CYRILLIC.test(folded) ? stemmer(folded) : folded;
}

/** The words of a text as stems, one space between them: what the search index stores. */
export function stemsOf(text: string | null | undefined): string {
  return (text?.match(WORD) ?? []).map(stemOf).join(' ');
}

/** The words of a search text as stems, each once, in the order typed. */
export function searchStems(text: string | undefined): string[] {
  return [...new Set((text?.match(WORD) ?? []).map(stemOf).filter((stem) => stem !== ''))];
}
