/**
 * The upstream calls of one response, for its `Server-Timing` header: the call's name and how long it took,
 * or that the read cache answered. Names only — no query, no id, nothing that identifies the user. A read
 * shared among users says neither (`desc="shared"`): a hit, or a short wait, would tell this visitor that someone
 * else made the same read within the last minutes (issue 25).
 */
export function createTimings() {
  const entries: { name: string; ms: number | 'cache' | 'shared' }[] = [];

  return {
    /** Times `work` under `name` (failures too) and passes its outcome on. */
    async time<T>(name: string, work: Promise<T>): Promise<T> {
      const started = performance.now();
      try {
        return await work;
      } finally {
        entries.push({ name, ms: performance.now() - started });
      }
    },
    /** A read the cache answered without an upstream call. */
    hit(name: string) {
      entries.push({ name, ms: 'cache' });
    },
    /** A read shared among users: whether it was cached, or how long it took, is not this response's to say. */
    shared(name: string) {
      entries.push({ name, ms: 'shared' });
    },
    /** The header's value, or null when the response made no upstream call. */
    header(): string | null {
      if (entries.length === 0) return null;
      return entries
        .map(({ name, ms }, index) => {
          const metric = `rest-${index + 1}-${name}`;
          return typeof ms === 'string' ? `${metric};desc="${ms}"` : `${metric};dur=${ms.toFixed(1)}`;
        })
        .join(', ');
    },
  };
}

export type Timings = ReturnType<typeof createTimings>;
