import type { ReactNode } from 'react';

/** A bordered block of related content with its own heading, named by it for assistive technology. */
export function Card({
  id,
  title,
  headingLevel = 2,
  tone,
  children,
}: {
  id: string;
  title: ReactNode;
  headingLevel?: 2 | 3;
  /** `accent` marks the one card a screen leads with (the front page's dictation). */
  tone?: 'accent';
  children: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="card" data-tone={tone} aria-labelledby={id}>
      <Heading id={id} className="card__title">
        {title}
      </Heading>
      {children}
    </section>
  );
}
