import { useLocation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { announce } from '~/client/announce';
import { plural, type PluralForms } from '#shared/plural';

/** `Найдено: 21 сценарий`, `Найдено: 3 сценария`, `Ничего не найдено`. */
export function describeCount(count: number, noun: PluralForms): string {
  return count === 0 ? 'Ничего не найдено' : `Найдено: ${plural(count, noun)}`;
}

/**
 * The visible result count of a list whose filters, sort and page live in the URL, announced after every
 * query-only navigation (docs/decisions/222-accessibility-mechanisms.md): focus stays on the filter or pagination
 * control the user changed, and this tells a screen-reader user what changed. Not on the first render: the
 * page's title is announced then.
 *
 *     <ResultsCount count={total} noun={{ one: 'сценарий', few: 'сценария', many: 'сценариев' }} />
 */
export function ResultsCount({ count, noun, id }: { count: number; noun: PluralForms; id?: string }) {
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

  return (
    <p className="results-count" id={id}>
      {text}
    </p>
  );
}
