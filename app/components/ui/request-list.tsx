import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { StatusBadge, type Tone } from './status-badge';

/** One request as the list shows it: an author question or a support request. */
export interface RequestItem {
  id: number;
  /** Marks what staff changed since the user last looked. */
  mark?: ReactNode;
  /** A heading of its own (a support request's number and date), or none. */
  title?: string;
  status: { label: string; tone: Tone };
  /** What sits beside the status: the topic, the date. */
  about: ReactNode;
  text: string;
  /** Lines under the text (where the reply will also go). */
  notes?: ReactNode;
  reply?: { heading: string; text: string; meta?: ReactNode };
}

/**
 * The user's author questions or support requests, newest first as the upstream lists them. Each item has an
 * anchor, `{anchor}-{id}`, that the reply mails link to.
 */
export function RequestList({ items, empty, anchor }: { items: RequestItem[]; empty: string; anchor: string }) {
  if (items.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <ul className="requests">
      {items.map((item) => (
        <li key={item.id} id={`${anchor}-${item.id}`} className="request">
          {item.title ? <h3 className="request__title">{item.title}</h3> : null}
          {item.mark}
          <p className="request__meta">
            <StatusBadge tone={item.status.tone}>{item.status.label}</StatusBadge> {item.about}
          </p>
          <p className="request__text">{item.text}</p>
          {item.notes}
          {item.reply ? (
            <div className="request__reply">
              {item.title ? <h4>{item.reply.heading}</h4> : <h3>{item.reply.heading}</h3>}
              <p>{item.reply.text}</p>
              {item.reply.meta ? <p className="request__meta">{item.reply.meta}</p> : null}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
