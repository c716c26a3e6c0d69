import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Reads the portal's `--cpu-prof` profiles (`BENCH_CPU_PROF=dir npm run bench`) and prints where its CPU
 * time went, by part: self time of every sampled function, grouped by the file it lives in.
 *   node --import tsx lab/bench/profile.ts dir
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** First match wins: the parts issue 18 asks about, then the rest by package. */
const PARTS: [string, RegExp][] = [
  ['React rendering', /react-dom|\/react\//],
  ['Remix (server runtime, router, turbo-stream)', /@remix-run|turbo-stream|react-router/],
  ['stream post-processing (document stream, web↔node streams)', /document-stream|node:internal\/(webstreams|streams)/],
  ['compression (gzip)', /compression|node:zlib|zlib/],
  ['logging (pino)', /pino|sonic-boom|fast-redact|log\.server/],
  ['unsealing and crypto (iron, webcrypto, honeypot)', /iron-webcrypto|crypto|honeypot/],
  ['session, cache, upstream client (bff)', /bff\/|build\/server\/main\.js/],
  ['app code (routes, components)', /build\/server\/assets/],
  ['Express and middleware', /express|helmet|on-headers|body-parser|send|serve-static|router\//],
  ['HTTP, sockets (node)', /node:(_http|http|net|internal\/http)|undici/],
  ['garbage collection', /^\(garbage collector\)$/],
  ['idle', /^\((idle|program)\)$/],
];

function partOf(frame: ProfileNode['callFrame']): string {
  const where = frame.url || frame.functionName;
  for (const [part, pattern] of PARTS) if (pattern.test(where)) return part;
  if (!frame.url) return 'native / V8';
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(frame.url)?.[1];
  return pkg ? `other packages (${pkg})` : `other (${path.basename(frame.url)})`;
}

export function summarize(profile: Profile): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const part = partOf(byId.get(id)!.callFrame);
    totals.set(part, (totals.get(part) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return totals;
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const dir = process.argv[2] ?? '.';
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const totals = summarize(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Profile);
    const busy = [...totals].filter(([part]) => part !== 'idle').reduce((sum, [, ms]) => sum + ms, 0);
    console.log(`${file}: ${(busy / 1000).toFixed(1)} s busy`);
    for (const [part, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
      const share = part === 'idle' ? '' : ` ${((100 * ms) / busy).toFixed(1)} %`;
      console.log(`  ${part.padEnd(60)} ${(ms / 1000).toFixed(2)} s${share}`);
    }
  }
}
