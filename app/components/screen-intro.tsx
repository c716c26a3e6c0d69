import type { ReactNode } from 'react';

/** The one `<h1>` of a screen and its lead sentence. */
export function ScreenIntro({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <div className="screen-intro">
      <h1>{title}</h1>
      {lead ? <p className="screen-intro__lead">{lead}</p> : null}
      {children}
    </div>
  );
}
