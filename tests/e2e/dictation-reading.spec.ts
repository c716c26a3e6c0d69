import { expect, test, type Page } from '@playwright/test';
import { seriousA11yViolations, upstreamUrl } from './helpers';

/**
 * The dictation read aloud (ADR 241): a plain `<audio controls>` on the writing page, streamed through the portal
 * with Range, with and without JavaScript; with it, the fragments can be replayed one by one. The page carries
 * nothing of the text.
 */

/** Words of today's text, none of them in the event's title or description. */
const TEXT_WORDS = ['скворечник', 'травинки', 'долгожданная', 'неутомимый'];

async function invitation(): Promise<string> {
  const response = await fetch(upstreamUrl('/__dev__/dictation/invitations'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({}),
  });
  const { invitations } = (await response.json()) as { invitations: { code: string }[] };
  return invitations[0]!.code;
}

async function startWriting(page: Page) {
  const code = await invitation();
  await page.goto(`/dictation/${code}`);
  await page.getByRole('button', { name: 'Начать диктант' }).click();
  await expect(page.getByLabel('Текст диктанта')).toBeVisible();
  return code;
}

test('the writing page plays the reading, streamed with Range, and shows none of the text', async ({
  page,
  javaScriptEnabled,
}) => {
  // It loads and plays the recording: more than the default 30 s on a shared, loaded machine.
  test.slow();
  const code = await startWriting(page);
  const audio = page.locator('audio');
  await expect(audio).toHaveCount(1);
  await expect(audio).toHaveAttribute('controls', '');
  const src = await audio.getAttribute('src');
  expect(src).toBe(`/dictation/${code}/reading`);

  // The source answers audio, a part at a time, to this browser's session (its cookies go along).
  const part = await page.request.get(src!, { headers: { Range: 'bytes=0-4095' } });
  expect(part.status()).toBe(206);
  expect(part.headers()['content-type']).toMatch(/^audio\//);
  expect(part.headers()['content-range']).toMatch(/^bytes 0-4095\/\d+$/);

  const html = (await page.content()).toLowerCase();
  for (const word of TEXT_WORDS) expect(html).not.toContain(word);
  await expect(page.locator('track')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'напишите в поддержку' })).toHaveAttribute('href', '/lk/support');

  if (!javaScriptEnabled) {
    await expect(page.getByRole('button', { name: /^Повторить фрагмент/ })).toHaveCount(0);
    return;
  }
  expect(await seriousA11yViolations(page)).toEqual([]);
  // The player loads and plays the file itself: its duration comes from the streamed Ogg.
  await expect
    .poll(() =>
      audio.evaluate(
        (el: HTMLAudioElement) => (
          el.load(),
          new Promise<number>((resolve) => {
            el.addEventListener('loadedmetadata', () => resolve(el.duration), { once: true });
            el.addEventListener('error', () => resolve(-1), { once: true });
          })
        ),
      ),
    )
    .toBeGreaterThan(60);

  const fragments = page.getByRole('group', { name: 'Фрагменты' });
  await expect(fragments.getByRole('button', { name: 'Предыдущий фрагмент' })).toBeDisabled();
  // From the opening reading the next part is the first fragment, then the second.
  await fragments.getByRole('button', { name: 'Следующий фрагмент' }).click();
  await expect(fragments.getByRole('button', { name: 'Повторить фрагмент 1' })).toBeVisible();
  await fragments.getByRole('button', { name: 'Следующий фрагмент' }).click();
  await expect(fragments.getByRole('button', { name: 'Повторить фрагмент 2' })).toBeVisible();
  await expect(fragments.getByText('Фрагмент 2 из 8')).toBeVisible();
  // The second fragment starts after the first read-through and the first fragment's two readings.
  const at = await audio.evaluate((el: HTMLAudioElement) => el.currentTime);
  expect(at).toBeGreaterThan(20);
  await fragments.getByRole('button', { name: 'Предыдущий фрагмент' }).click();
  await expect(fragments.getByRole('button', { name: 'Повторить фрагмент 1' })).toBeVisible();
  const start = await audio.evaluate((el: HTMLAudioElement) => el.currentTime);
  expect(start).toBeLessThan(at);
  // It plays the fragment's two readings and stops at their end, before the pause to write.
  await expect
    .poll(() => audio.evaluate((el: HTMLAudioElement) => el.paused && el.currentTime > 1), { timeout: 20_000 })
    .toBe(true);
  const stopped = await audio.evaluate((el: HTMLAudioElement) => el.currentTime);
  expect(stopped).toBeGreaterThan(start + 5);
  expect(stopped).toBeLessThan(at);
});
