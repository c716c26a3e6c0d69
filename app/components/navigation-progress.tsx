import { useNavigation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { seconds } from '#shared/time';

const copy = { label: 'Загрузка страницы' };

/** Quick transitions finish before the bar would show, so it never flickers. */
export const PROGRESS_DELAY = seconds(0.15);

/** A thin bar fixed above the page while a navigation or submission is pending; fixed, so nothing shifts. */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = window.setTimeout(() => setVisible(true), PROGRESS_DELAY);
    return () => window.clearTimeout(timer);
  }, [busy]);

  if (!visible) return null;
  return <div className="navigation-progress" role="progressbar" aria-label={copy.label} aria-busy="true" />;
}
