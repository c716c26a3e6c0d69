import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { ConfigError, loadConfig } from '../config.server';
import { createLogger } from '../log.server';
import { seconds } from '#shared/time';
import { createPortalApp, type PortalServerOptions } from './app.server';
import { serveMetrics } from './metrics-server.server';
import { gracefulShutdown } from './shutdown.server';
import { unsupportedRuntime } from './runtime.server';
import { keepServingOnUnhandledRejection } from './unhandled.server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Starts the portal: the production build, or Vite's dev server with `--dev`. */
async function main() {
  const runtime = unsupportedRuntime();
  if (runtime) {
    console.error(runtime);
    process.exit(1);
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config);
  const dev = process.argv.includes('--dev');
  const options: PortalServerOptions = dev ? await devBuild(config, log) : await productionBuild(config, log);
  const { app, health, shared, metrics, openRequests } = createPortalApp(options);
  keepServingOnUnhandledRejection({ log, metrics, openRequests });
  // The operations listener first: Prometheus's address and the probes, never the public one.
  // Its startup probe answers 503 until the portal listens; it keeps answering while the portal drains.
  if (config.metrics) {
    const metricsServer = await serveMetrics(metrics, health, config.metrics).catch((error: Error) => {
      console.error(`metrics not served on ${config.metrics!.host}:${config.metrics!.port}: ${error.message}`);
      process.exit(1);
    });
    const address = metricsServer.address();
    const port = typeof address === 'object' && address ? address.port : config.metrics.port;
    log.info({ host: config.metrics.host, port }, 'metrics listening');
  }
  // Redis late at start is an outage like any other: the portal starts anyway and refuses what needs it.
  await shared
    .ready(seconds(10))
    .catch((error: Error) => log.error({ err: { message: error.message } }, 'redis not ready at start'));

  const server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    health.markStarted();
    log.info({ port, node: process.version }, 'portal listening');
    console.log(`Портал запущен: ${config.publicOrigin.replace(/:\d+$/, '')}:${port}`);
  });
  server.keepAliveTimeout = seconds(65);
  // A port another program holds: one line that names it and PORT, not an unhandled 'error' and its stack.
  server.once('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE') throw error;
    log.fatal({ host: config.host, port: config.port }, 'port in use');
    console.error(`Порт ${config.port} уже занят другой программой: остановите её или выберите другой порт в PORT.`);
    process.exit(1);
  });

  const shutdown = gracefulShutdown(server, {
    graceMs: config.shutdownGraceMs,
    health,
    log,
    close: () => shared.close(),
  });
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

async function productionBuild(config: PortalServerOptions['config'], log: PortalServerOptions['log']) {
  const serverEntry = path.join(root, 'build/server/index.js');
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  return { config, log, build, clientDir: path.join(root, 'build/client') };
}

async function devBuild(config: PortalServerOptions['config'], log: PortalServerOptions['log']) {
  const vite = await import('vite');
  const devServer = await vite.createServer({ root, server: { middlewareMode: true } });
  return {
    config,
    log,
    devMiddleware: devServer.middlewares,
    build: () => devServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>,
  };
}

main().catch((error: unknown) => {
  console.error('portal failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
