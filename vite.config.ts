import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';
import { remixConfig } from './remix.config';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [remix(remixConfig), tsconfigPaths()],
  // Terser packs the browser's JavaScript a few KB tighter than esbuild, which keeps form pages within the
  // 95 KB first-load budget (docs/architecture.md §9); the server bundle stays readable, as Vite builds it by default.
  build: {
    target: 'es2022',
    minify: isSsrBuild ? false : 'terser',
    terserOptions: { module: true, compress: { passes: 2 } },
    rollupOptions: {
      // Two warnings of every build said nothing wrong (issue 37, ADR 097), so they are dropped where they arise:
      // - a resource route (a file, a PDF, a redirect) has no code for the browser, so its client chunk is empty;
      // - a deferred form (ADR 021) is imported statically on the server, which renders it at once, and
      //   dynamically in the browser; the server's bundle sees both, and its chunks do not matter. In the
      //   browser's build the same warning would be a real mistake, and stays.
      onwarn(warning, warn) {
        if (warning.code === 'EMPTY_BUNDLE') return;
        if (
          isSsrBuild &&
          warning.plugin === 'vite:reporter' &&
          warning.message.includes('dynamic import will not move')
        )
          return;
        warn(warning);
      },
    },
  },
}));
