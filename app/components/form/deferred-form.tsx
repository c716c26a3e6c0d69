import { lazy, memo, Suspense, type ComponentType } from 'react';

/**
 * A form that hydrates once its own chunk has loaded: conform and the form's code stay out of the page's
 * first-load JavaScript (docs/architecture.md §9), while the server renders the whole form at once, so it works
 * before hydration and without JavaScript exactly as after.
 *
 * A route names the form's module once, as a literal `import()` (so the bundler gives the form a chunk of its own):
 *
 *     const DayLinkForm = deferredForm(() => import('~/forms/day-link').then((m) => m.DayLinkForm));
 *
 * The browser fetches that chunk as the route module runs, in parallel with hydration. The server loads the same
 * module as the route module runs too, and the document waits for every form's module before it renders
 * (`formsLoaded`, awaited by `app/entry.server.tsx`), so the server's HTML always carries the whole form.
 *
 * Until the chunk arrives React keeps the server's HTML of the form (a Suspense boundary that waits to hydrate);
 * `memo` keeps a parent's re-render with equal props from reaching that boundary, which would make React throw the
 * server's HTML away (and what the user typed in the meantime with it).
 */
export function deferredForm<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const Form: ComponentType<Props> = import.meta.env.SSR ? loadedOnServer(load) : lazyNow(load);
  return memo(function DeferredForm(props: Props) {
    return (
      <Suspense fallback={null}>
        <Form {...props} />
      </Suspense>
    );
  });
}

/** Every form module the server has started to load. */
const serverLoads: Promise<unknown>[] = [];

/**
 * Resolves once every deferred form's module is loaded on the server: from then on each renders at once. A loaded
 * module may defer forms of its own (`forms/dictation-event-registration.tsx`), so it waits until no new load has started.
 */
export async function formsLoaded(): Promise<void> {
  for (let seen = -1; seen < serverLoads.length;) {
    seen = serverLoads.length;
    await Promise.all(serverLoads);
  }
}

/** The server's form: rendered at once when its module is loaded (always, after `formsLoaded`). */
function loadedOnServer<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  let Loaded: ComponentType<Props> | null = null;
  const loading = load().then((component) => {
    Loaded = component;
    return { default: component };
  });
  serverLoads.push(loading);
  const Later = lazy(() => loading) as unknown as ComponentType<Props>;
  return function ServerForm(props: Props) {
    const Form = Loaded ?? Later;
    return <Form {...props} />;
  };
}

/** A lazy component whose chunk is fetched as the route module runs, in parallel with hydration, not at first render. */
function lazyNow<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const loading = load().then((component) => ({ default: component }));
  return lazy(() => loading) as unknown as ComponentType<Props>;
}
