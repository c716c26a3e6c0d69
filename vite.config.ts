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
  },
}));
