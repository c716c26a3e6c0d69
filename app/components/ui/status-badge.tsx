import type { ReactNode } from 'react';

/** What a state means to the reader; the colour follows it, the words always say it (never colour alone). */
export type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/**
 * The one status badge: a dictation's and a participation's state, a test's result, an author
 * question's and a support request's status all read through it.
 */
export function StatusBadge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span className="status-badge" data-tone={tone}>
      {children}
    </span>
  );
}
