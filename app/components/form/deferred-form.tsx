import { lazy, memo, Suspense, type ComponentType } from 'react';

/**
 * A form that hydrates once its own chunk has loaded (ADR 021): conform and the form's code stay out of the page's
 * first-load JavaScript (docs/architecture.md §9), while the server renders the whole form at once, so it works
 * before hydration and without JavaScript exactly as after.
 *
 * The server passes the form itself; the browser build passes `null` and loads it, so the form's static import
 * drops out of the browser's route chunk:
 *
 *     const DayLinkForm = deferredForm(import.meta.env.SSR ? DayLinkFormNow : null, () =>
 *       import('~/forms/day-link').then((m) => m.DayLinkForm));
 *
 * Until the chunk arrives React keeps the server's HTML of the form (a Suspense boundary that waits to hydrate);
 * `memo` keeps a parent's re-render with equal props from reaching that boundary, which would make React throw the
 * server's HTML away (and what the user typed in the meantime with it).
 */
export function deferredForm<Props extends object>(
  server: ComponentType<Props> | null,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const Form: ComponentType<Props> = server ?? lazyNow(load);
  return memo(function DeferredForm(props: Props) {
    return (
      <Suspense fallback={null}>
        <Form {...props} />
      </Suspense>
    );
  });
}

/** A lazy component whose chunk is fetched as the route module runs, in parallel with hydration, not at first render. */
function lazyNow<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const loading = load().then((component) => ({ default: component }));
  return lazy(() => loading) as unknown as ComponentType<Props>;
}
