import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createUpstreamApp } from './app';
import { assertSafeForEnvironment, defaultUpstreamConfig, UpstreamConfigError, type UpstreamConfig } from './config';
import { openDatabase, type Db } from './db/open';
import { listEvents } from './db/dictation';
import { seedDemoContent } from './seed/seed';
import { ensureRecordings } from './dictation/reading';
import type { Random } from './random';
import { createHostCheck, isLoopbackHost } from './http/host-check';
import { seconds } from '#shared/time';
import { systemClock, type Clock } from './time';

export { createUpstreamApp } from './app';
export type { UpstreamDeps } from './app';
export { DEMO_USERS } from './seed/seed';

export type StartUpstreamOptions = Partial<UpstreamConfig> & {
  now?: Clock;
  random?: Random;
  logError?: (line: string) => void;
};

export interface RunningUpstream {
  url: string;
  port: number;
  db: Db;
  close(): Promise<void>;
}

/** In-flight requests get this long to finish on close before their connections are cut. */
const CLOSE_GRACE_MS = seconds(2);

/**
 * Opens and seeds the database, then listens. Options default to the documented config defaults, not to the
 * environment: tests pass `{ port: 0, db: ':memory:' }` and get a private server; main.ts passes the parsed env.
 */
export async function startUpstream(options: StartUpstreamOptions = {}): Promise<RunningUpstream> {
  const config = { ...defaultUpstreamConfig, ...options };
  assertSafeForEnvironment(config);
  // The dev tools read mail and mint sign-in links: only this machine may reach them.
  if ((config.devTools || config.faults) && !isLoopbackHost(config.host)) {
    throw new UpstreamConfigError('UPSTREAM_DEV_TOOLS and UPSTREAM_FAULTS need a loopback UPSTREAM_HOST');
  }
  const now = options.now ?? systemClock;
  const db = openDatabase(config.db);
  try {
    await seedDemoContent(db, now());
    // The dictations read aloud, made once per text and kept in data/recordings/: those of the events
    // still to be written, as a reading plays only while writing.
    await ensureRecordings(
      listEvents(db)
        .filter((event) => event.writing_closes_at > now())
        .map((event) => event.reference_text),
      options.logError ?? ((line) => process.stderr.write(`${line}\n`)),
    );
  } catch (error) {
    db.close();
    throw error;
  }
  const app = createUpstreamApp({ ...config, db, now, random: options.random, logError: options.logError });
  const isOwnHost = createHostCheck(config.host);
  let listeningPort = config.port;
  const fetch: typeof app.fetch = (request, ...rest) =>
    isOwnHost(request.headers.get('host'), listeningPort)
      ? app.fetch(request, ...rest)
      : new Response('Misdirected Request', { status: 421, headers: { 'Content-Type': 'text/plain' } });

  const server = await new Promise<Server>((resolve, reject) => {
    const listening = serve({ fetch, hostname: config.host, port: config.port }, () =>
      resolve(listening as Server),
    ) as Server;
    listening.once('error', (error) => {
      db.close();
      reject(error);
    });
  });

  const { port } = server.address() as AddressInfo;
  listeningPort = port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  let closing: Promise<void> | undefined;

  return {
    url: `http://${host}:${port}`,
    port,
    db,
    close() {
      closing ??= new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
        server.close(() => {
          clearTimeout(force);
          db.close();
          resolve();
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
