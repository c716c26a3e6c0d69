import { loadUpstreamConfig, UpstreamConfigError } from './config';
import { startUpstream } from './server';

/** `npx tsx upstream/main.ts`: the reference /rest server as its own process, configured from UPSTREAM_* vars. */
async function main(): Promise<void> {
  const config = loadUpstreamConfig();
  const upstream = await startUpstream(config);
  process.stdout.write(`upstream listening on ${upstream.url}\n`);
  if (config.devTools) {
    process.stdout.write('upstream dev tools enabled under /__dev__/\n');
    // The one address a person opens to read the demo's mail (README), on whatever port was chosen.
    process.stdout.write(`Почта демо-сервера: ${upstream.url}/__dev__/outbox\n`);
  }
  if (config.faults) process.stdout.write('upstream fault injection enabled under /__faults__\n');

  const shutdown = (signal: NodeJS.Signals) => {
    process.stdout.write(`upstream received ${signal}, shutting down\n`);
    upstream.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`upstream: shutdown failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(
    error instanceof UpstreamConfigError ? `${error.message}\n` : `upstream failed to start: ${String(error)}\n`,
  );
  process.exit(1);
});
