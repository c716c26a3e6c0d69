import { setTimeout as sleep } from 'node:timers/promises';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { deferredForm, formsLoaded } from './deferred-form';

function CityForm({ city }: { city: string }) {
  return (
    <form method="post">
      <input name="city" defaultValue={city} />
    </form>
  );
}

const later = <T,>(value: T) => sleep(20, value);

describe('deferredForm on the server (ADR 221)', () => {
  it('renders the whole form at once once the forms are loaded: the document works without JavaScript', async () => {
    const Deferred = deferredForm(() => later(CityForm));
    await formsLoaded();
    // `<!--$-->` is a boundary rendered whole; one still waiting would be `<!--$?-->` with nothing in it.
    expect(renderToString(<Deferred city="Тверь" />)).toBe(
      '<!--$--><form method="post"><input name="city" value="Тверь"/></form><!--/$-->',
    );
  });

  it('waits for a form that a loaded module defers in its turn (dictation-event-registration.tsx defers two)', async () => {
    let Inner: ComponentType<{ city: string }> | null = null;
    const Outer = deferredForm(() =>
      later(null).then(() => {
        // As a module's top-level `deferredForm` runs when the module is loaded.
        Inner = deferredForm(() => later(CityForm));
        return function Registration({ city }: { city: string }) {
          const Form = Inner!;
          return <Form city={city} />;
        };
      }),
    );
    await formsLoaded();
    expect(renderToString(<Outer city="Псков" />)).toContain('<input name="city" value="Псков"/>');
  });
});
