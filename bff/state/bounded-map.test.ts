import { expect, it } from 'vitest';
import { boundedMap } from './bounded-map.server';
import { createMemoryState } from './memory-state.server';

const allocated = () => {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

it('keeps at most its bound of keys, the least recently used evicted first', () => {
  const map = boundedMap<string, number>(3);
  for (const key of ['a', 'b', 'c']) map.set(key, 1);
  map.get('a');
  map.set('d', 1);
  expect([...map.keys()].sort()).toEqual(['a', 'c', 'd']);
});

it('forgets a key after its time', async () => {
  const map = boundedMap<string, number>(10, 20);
  map.set('a', 1);
  expect(map.get('a')).toBe(1);
  await new Promise<void>((resolve) => {
    const wait = () => (map.has('a') ? setTimeout(wait, 5) : resolve());
    wait();
  });
  expect(map.get('a')).toBeUndefined();
});

it('allocates nothing ahead: the memory state of an instance costs kilobytes, not its bounds (issue 46)', () => {
  // Each of its four maps of 100,000 keys took about 4 MB when made, used or not: 20 states took over 300 MB.
  const before = allocated();
  const states = Array.from({ length: 20 }, () => createMemoryState({ keepMs: 60_000 }));
  const grown = allocated() - before;
  expect(states).toHaveLength(20);
  expect(grown).toBeLessThan(30 * 1024 * 1024);
});
