import type { ReactNode } from 'react';
import { ScreenIntro } from './screen-intro';

/** The frame of the sign-in screens: the screen's title and lead, then what it asks (a notice, the form). */
export function AuthScreen({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <section className="auth-screen">
      <ScreenIntro title={title} lead={lead} />
      {children}
    </section>
  );
}
