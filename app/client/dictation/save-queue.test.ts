import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createSaveQueue } from './save-queue';

/** A save the test releases by hand, recording the text it read when it started. */
function heldSaves(field: { value: string }) {
  const sent: string[] = [];
  const releases: (() => void)[] = [];
  const run = () =>
    new Promise<void>((resolve) => {
      sent.push(field.value);
      releases.push(resolve);
    });
  return { sent, releases, run };
}

describe('the dictation’s save queue', () => {
  it('sends the final save after the one in flight, with the text typed meanwhile', async () => {
    const field = { value: 'Весной в наш' };
    const { sent, releases, run } = heldSaves(field);
    const request = createSaveQueue(run);
    const tick = request();
    field.value = 'Весной в наш город возвращаются скворцы.';
    // The time runs out while the tick's save is still on its way.
    const final = request();
    expect(sent).toEqual(['Весной в наш']);
    releases[0]!();
    await tick;
    await Promise.resolve();
    expect(sent).toEqual(['Весной в наш', 'Весной в наш город возвращаются скворцы.']);
    releases[1]!();
    await final;
  });

  it('folds asks made during one save into one save after it', async () => {
    const field = { value: 'а' };
    const { sent, releases, run } = heldSaves(field);
    const request = createSaveQueue(run);
    void request();
    const second = request();
    field.value = 'аб';
    const third = request();
    expect(second).toBe(third);
    releases[0]!();
    await sleep(0);
    expect(sent).toEqual(['а', 'аб']);
    releases[1]!();
    await third;
    void request();
    expect(sent).toEqual(['а', 'аб', 'аб']);
  });

  it('goes on after a save that failed', async () => {
    let calls = 0;
    const request = createSaveQueue(async () => {
      calls += 1;
      if (calls === 1) throw new Error('network');
    });
    await request();
    await request();
    expect(calls).toBe(2);
  });
});
