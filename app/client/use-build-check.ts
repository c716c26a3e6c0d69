import { createPath, useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { BUILD_CHECK_INTERVAL, BUILD_DESCRIPTOR_PATH, parseBuildDescriptor, shouldLoadDocument } from './build-check';

async function fetchLatestBuildId(): Promise<string | null> {
  try {
    const response = await fetch(BUILD_DESCRIPTOR_PATH, { cache: 'no-store', headers: { Accept: 'application/json' } });
    return response.ok ? parseBuildDescriptor(await response.json()) : null;
  } catch {
    // Offline or the server is restarting: the next hourly check asks again.
    return null;
  }
}

/**
 * docs/product.md §4 "New build": every hour ask for the deployed build; once it differs from the build this page runs, the
 * next navigation loads the whole document, so the browser picks up the new scripts.
 * `loaderBuildId` is the root loader's current value: it revalidates on navigations, so it can reveal a new build
 * before the hourly check does. The page's own build is the value it was hydrated with.
 */
export function useBuildCheck(loaderBuildId: string) {
  const [hydratedBuildId] = useState(loaderBuildId);
  const latestBuildId = useRef<string | null>(null);
  const navigation = useNavigation();

  useEffect(() => {
    const timer = window.setInterval(() => {
      void fetchLatestBuildId().then((id) => {
        if (id) latestBuildId.current = id;
      });
    }, BUILD_CHECK_INTERVAL);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (!navigation.location) return;
    const latest = latestBuildId.current ?? loaderBuildId;
    if (shouldLoadDocument(navigation, hydratedBuildId, latest)) {
      window.location.assign(createPath(navigation.location));
    }
  }, [navigation, hydratedBuildId, loaderBuildId]);
}
