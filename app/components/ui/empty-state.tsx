import type { ReactNode } from 'react';

/** What a list says when it has nothing yet: one sentence, and the way forward when there is one. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <p>{children}</p>
      {action ? <p>{action}</p> : null}
    </div>
  );
}
