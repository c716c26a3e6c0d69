import { useEffect, useState } from 'react';
import { announce } from '~/client/announce';
import { describeRemaining } from '~/client/countdown';
import { Countdown } from './countdown';

const copy = {
  title: 'Сеанс скоро завершится',
  label: 'До выхода из личного кабинета осталось',
  warning: 'Чтобы остаться в личном кабинете, нажмите «Продолжить работу».',
  extend: 'Продолжить работу',
};

/**
 * The session's time limit made visible (docs/product.md §4.6, docs/decisions/222-accessibility-mechanisms.md): shown a few minutes
 * before logout runs, announced once when it appears, with the countdown and one button to continue. Loaded
 * on demand (root.tsx), so it costs the first load nothing.
 */
export default function SessionWarning({ endsAt, extend }: { endsAt: number; extend: () => void }) {
  // Fixed when the warning appears; the countdown keeps its own clock from there.
  const [remainingMs] = useState(() => endsAt - Date.now());

  useEffect(() => {
    announce(`${copy.title}: ${copy.label.toLowerCase()} ${describeRemaining(endsAt - Date.now())}. ${copy.warning}`);
  }, [endsAt]);

  return (
    <section className="session-warning" aria-labelledby="session-warning-title">
      <div className="container session-warning__inner">
        <h2 id="session-warning-title">{copy.title}</h2>
        <Countdown remainingMs={remainingMs} label={copy.label} warnBeforeMs={remainingMs} warning={copy.warning} />
        <button type="button" className="button" onClick={extend}>
          {copy.extend}
        </button>
      </div>
    </section>
  );
}
