import { Link } from '@remix-run/react';
import { quote } from '~/lib/format';
import { plural } from '#shared/plural';
import { hours } from '#shared/time';
import type { Participation } from './participation-status';

/** Results stay news this long after they come out; afterwards the list's «Проверен» says it. */
const NEWS_FOR = hours(24 * 60);

const copy = {
  title: 'Опубликованы результаты диктанта',
  result: (title: string, grade: number, errors: number | null) =>
    `${quote(title)}: оценка «${grade}», ${errors ? plural(errors, { one: 'ошибка', few: 'ошибки', many: 'ошибок' }) : 'без ошибок'}.`,
  open: 'Посмотреть оценку и сертификат',
};

/** The user's dictations whose results came out lately, newest first; computed by the loader, on one clock. */
export function freshResults(dictations: Participation[], now = Date.now()): Participation[] {
  return dictations.filter((item) => item.status === 'checked' && now - Date.parse(item.event.resultsAt) < NEWS_FOR);
}

/**
 * «Опубликованы результаты диктанта» on the cabinet's home and atop `/lk/dictations`: the user sees
 * the grade as soon as the results are out, with the way to the marked text and the certificate.
 */
export function ResultsNotice({ results, headingLevel = 2 }: { results: Participation[]; headingLevel?: 2 | 3 }) {
  if (results.length === 0) return null;
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="card dictation-results-notice" aria-labelledby="dictation-results-title">
      <Heading id="dictation-results-title">{copy.title}</Heading>
      <ul>
        {results.map((item) => (
          <li key={item.id}>
            {copy.result(item.event.title, item.grade!, item.errorsCount)}{' '}
            <Link to={`/lk/dictations/${item.id}`} aria-label={`${copy.open}: ${item.event.title}`}>
              {copy.open}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
