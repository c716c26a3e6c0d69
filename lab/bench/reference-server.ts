import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { loadConfig } from '../../bff/config.server';
import { createLogger } from '../../bff/log.server';
import { createPortalApp } from '../../bff/server/app.server';
import { root } from '../../scripts/processes';
import { referenceBuild } from './reference-build';

/** Serves lab/bench/reference-build.ts's page with the portal's own app, configured from the environment like it. */
const real = (await import(pathToFileURL(path.join(root, 'build/server/index.js')).href)) as ServerBuild;
const config = loadConfig();
const { app } = createPortalApp({
  config,
  log: createLogger(config),
  build: referenceBuild(real),
  clientDir: path.join(root, 'build/client'),
});
app.listen(config.port, config.host);
// A clean exit, so that `--cpu-prof` writes its profile.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
