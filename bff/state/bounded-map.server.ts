import { LRUCache } from 'lru-cache';

/**
 * A map of at most `entries` keys, the least recently used evicted past it, each kept `ttlMs` at most (0: no
 * expiry), whose storage grows with use. An `LRUCache` given `max` allocates its arrays for all of them when it is
 * made (about 4 MB for 100,000 keys with expiry, whether one is ever used or not): the same bound, counted as a
 * size of one per entry, allocates nothing ahead (issue 46).
 */
export function boundedMap<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  entries: number,
  ttlMs = 0,
): LRUCache<K, V> {
  return new LRUCache<K, V>({ maxSize: entries, sizeCalculation: () => 1, ...(ttlMs ? { ttl: ttlMs } : {}) });
}
