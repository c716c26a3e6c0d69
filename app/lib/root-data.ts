import { useRouteLoaderData } from '@remix-run/react';
import type { loader } from '../root.server';

export type RootData = NonNullable<ReturnType<typeof useOptionalRootData>>;
export type ViewerData = NonNullable<RootData['viewer']>;
export type ContactsData = RootData['product']['contacts'];

/** Root loader data; undefined only on an error page whose cause is the root loader itself. */
export function useOptionalRootData() {
  return useRouteLoaderData<typeof loader>('root');
}

/** For layouts and screens: they render only under a root loader that succeeded. */
export function useRootData(): RootData {
  const data = useOptionalRootData();
  if (!data) throw new Error('Root loader data is missing outside the error boundary');
  return data;
}
