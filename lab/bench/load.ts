import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * A small, bounded load generator: exactly `count` requests, at most `concurrency` in flight, each with its own
 * timeout, so a misbehaving server can slow the bench down but never make it run forever or flood anything.
 * Loopback only: the bench points it at servers it started itself.
 *
 * node:http rather than fetch: it does not decompress, so the load generator, which shares this process with the
 * portal, spends its CPU on sending and reading, not on gunzip. It still asks for compression as a browser
 * does, so the server pays for compressing as it would in production.
 */
export interface LoadOptions {
  url: string;
  count: number;
  concurrency: number;
  headers?: Record<string, string>;
  /** The status every answer must have; anything else counts as an error (a redirect to /login included). */
  expectStatus?: number;
  timeoutMs?: number;
}

export interface LoadResult {
  count: number;
  errors: number;
  /** The first error seen, to say why a run went wrong without printing thousands of lines. */
  firstError: string | null;
  seconds: number;
  rps: number;
  /** Bytes received per response, as sent (compressed). */
  bytesPerResponse: number;
  /**
   * CPU time of this whole process per request: portal, in-process upstream and load generator together. Other
   * programs on the machine barely change it, unlike `rps`, which falls whenever they take the cores.
   */
  cpuMsPerRequest: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Every latency in ms, ascending; kept so that runs can be combined. */
  latencies: number[];
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const { url, count, concurrency, headers = {}, expectStatus = 200, timeoutMs = 10_000 } = options;
  if (!/^(localhost|127\.0\.0\.1|\[::1\])$/.test(new URL(url).hostname)) throw new Error(`not loopback: ${url}`);
  const latencies: number[] = [];
  let started = 0;
  let errors = 0;
  let bytes = 0;
  let firstError: string | null = null;
  // Keep-alive, one socket a worker: browsers and proxies in front of the portal reuse connections too.
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const requestHeaders = { 'Accept-Encoding': 'gzip, deflate, br', ...headers };

  async function worker() {
    // `started` is claimed before the await, so the workers never send more than `count` requests between them.
    while (started < count) {
      started += 1;
      const t0 = performance.now();
      try {
        const { status, size } = await get(url, requestHeaders, agent, timeoutMs);
        bytes += size;
        if (status !== expectStatus) throw new Error(`HTTP ${status} for ${url}`);
      } catch (error) {
        errors += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
      latencies.push(performance.now() - t0);
    }
  }

  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  const { user, system } = process.cpuUsage(cpu0);
  const seconds = (performance.now() - t0) / 1000;
  agent.destroy();
  return summarize({ latencies, seconds, errors, firstError, bytes, cpuMs: (user + system) / 1000 });
}

/** Several runs of the same request as one (their time added up), e.g. rounds interleaved with another page's. */
export function combine(results: LoadResult[]): LoadResult {
  return summarize({
    latencies: results.flatMap((r) => r.latencies),
    seconds: results.reduce((sum, r) => sum + r.seconds, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    firstError: results.find((r) => r.firstError)?.firstError ?? null,
    bytes: results.reduce((sum, r) => sum + r.bytesPerResponse * r.count, 0),
    cpuMs: results.reduce((sum, r) => sum + r.cpuMsPerRequest * r.count, 0),
  });
}

interface Run {
  latencies: number[];
  seconds: number;
  errors: number;
  firstError: string | null;
  bytes: number;
  cpuMs: number;
}

function summarize(run: Run): LoadResult {
  const latencies = [...run.latencies].sort((a, b) => a - b);
  const count = latencies.length;
  return {
    count,
    errors: run.errors,
    firstError: run.firstError,
    seconds: run.seconds,
    rps: count / run.seconds,
    bytesPerResponse: run.bytes / count,
    cpuMsPerRequest: run.cpuMs / count,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    latencies,
  };
}

/** One GET, its whole body read: a page is served when its last byte is, not when its headers are. */
function get(url: string, headers: Record<string, string>, agent: Agent, timeoutMs: number) {
  return new Promise<{ status: number; size: number }>((resolve, reject) => {
    const req = request(url, { headers, agent, signal: AbortSignal.timeout(timeoutMs) }, (res) => {
      let size = 0;
      res.on('data', (chunk: Buffer) => (size += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, size }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Nearest-rank percentile of an ascending list (no interpolation: every figure is a latency that happened). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}
