import { useLocation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { announce } from '~/client/announce';

/** A noun's three Russian forms: for 1 (сценарий), for 2–4 (сценария), for 5 and more (сценариев). */
export interface NounForms {
  one: string;
  few: string;
  many: string;
}

const plural = new Intl.PluralRules('ru-RU');

/** `Найдено: 21 сценарий`, `Найдено: 3 сценария`, `Ничего не найдено`. */
export function describeCount(count: number, noun: NounForms): string {
  if (count === 0) return 'Ничего не найдено';
  const form = plural.select(count);
  return `Найдено: ${count} ${form === 'one' ? noun.one : form === 'few' ? noun.few : noun.many}`;
}

/**
 * The visible result count of a list whose filters, sort and page live in the URL, announced after every
 * query-only navigation (docs/decisions/010-route-change-focus.md): focus stays on the filter or pagination
 * control the user changed, and this tells a screen-reader user what changed. Not on the first render: the
 * page's title is announced then.
 *
 *     <ResultsCount count={total} noun={{ one: 'сценарий', few: 'сценария', many: 'сценариев' }} />
 */
export function ResultsCount({ count, noun }: { count: number; noun: NounForms }) {
  const text = describeCount(count, noun);
  const { search } = useLocation();
  const mounted = useRef(false);

  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    announce(text);
  }, [search, text]);

  return <p className="results-count">{text}</p>;
}
