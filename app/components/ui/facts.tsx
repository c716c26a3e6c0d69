import type { ReactNode } from 'react';

/** A list of terms and their values (a certificate's number and date, a scenario's class, contacts…). */
export function Facts({ items }: { items: ReadonlyArray<readonly [term: string, value: ReactNode]> }) {
  return (
    <dl className="facts">
      {items.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
