/**
 * `npm start`: builds the portal when its sources are newer than the build, then runs the reference upstream
 * (SQLite, seeded demo content) and the portal together. `npm run dev` does the same with Vite's dev server.
 * Honours PORT (portal) and UPSTREAM_PORT (reference upstream); every other variable (from the environment or
 * a .env file) passes through.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildIfStale, portalEnv, portTaken, root, runPortal, runTs, startUpstreamProcess } from './processes';

// A .env file beside package.json (see .env.example) is read here, for both servers.
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
const dev = process.argv.includes('--dev');

// A port another program holds is said in one line, with the variable that moves it, before anything starts.
const ports = [
  { port: process.env.PORT || '3000', host: process.env.HOST || '127.0.0.1', name: 'PORT', what: 'портала' },
  { port: process.env.UPSTREAM_PORT || '3001', host: '127.0.0.1', name: 'UPSTREAM_PORT', what: 'демо-сервера' },
];
for (const { port, host, name, what } of ports) {
  if (await portTaken(host, Number(port))) {
    const other = Number(port) + 2;
    console.error(
      `Порт ${port} (${what}) уже занят другой программой — может быть, портал уже запущен в другом окне. ` +
        `Остановите её или выберите другой порт: ${name}=${other} npm start`,
    );
    process.exit(1);
  }
}

if (!dev) buildIfStale();

const { url: upstreamUrl, child: upstream } = await startUpstreamProcess(process.env.UPSTREAM_PORT || '3001');
// The log a person reads at a terminal (ADR 218): warnings and errors, one short line each; LOG_LEVEL=info adds
// every request, LOG_FORMAT=json the production lines.
const env = {
  LOG_FORMAT: 'short',
  LOG_LEVEL: 'warn',
  ...portalEnv(upstreamUrl, !dev),
};
const portal = dev ? runTs('bff/server/main.server.ts', ['--dev'], env) : runPortal(env);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    portal.kill(signal);
    upstream.kill(signal);
  });
}
for (const [child, other] of [
  [portal, upstream],
  [upstream, portal],
] as const) {
  child.on('exit', (code) => {
    other.kill('SIGTERM');
    // The first to exit says how the run ended: a portal refusing its configuration is not undone by the
    // upstream's clean exit after it.
    process.exitCode ??= code ?? 0;
  });
}
