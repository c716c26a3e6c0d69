import { expect, test, type Locator, type Page } from '@playwright/test';
import { upstreamUrl, waitForHydration } from './helpers';

/**
 * The writing page as a desk (issue 37, ADRs 239, 241 and 240): the reading's player beside the sticky timer, so a fragment is
 * replayed without scrolling away from the text, on a phone too; the player's buttons follow the recording's real
 * parts (the opening reading, each fragment, the closing reading); the page's words say how it saves without
 * speaking of JavaScript, the time's end without a script, and unsaved typing as unsaved.
 */

// Each test starts a dictation and plays its reading: on a shared, loaded machine that takes more than 30 s.
test.describe.configure({ timeout: 90_000 });

async function invitation(): Promise<string> {
  const response = await fetch(upstreamUrl('/__dev__/dictation/invitations'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({}),
  });
  const { invitations } = (await response.json()) as { invitations: { code: string }[] };
  return invitations[0]!.code;
}

/** Opens a fresh invitation, through the sound check, to the writing page. */
async function startWriting(page: Page) {
  const code = await invitation();
  await page.goto(`/dictation/${code}`);
  await page.getByRole('button', { name: 'Начать диктант' }).click();
  await expect(page.getByLabel('Текст диктанта')).toBeVisible();
  return code;
}

const field = (page: Page) => page.getByLabel('Текст диктанта');
const status = (page: Page) => page.locator('#dictation-status');
const parts = (page: Page) => page.getByRole('group', { name: 'Фрагменты' });
const audio = (page: Page) => page.locator('audio');

async function expectInView(target: Locator, height: number) {
  const box = (await target.boundingBox())!;
  expect(box, 'on the page').not.toBeNull();
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
}

test('the player’s buttons and position follow the opening reading, each fragment and the closing reading', async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, 'the part buttons need a script; the plain player seeks without one');
  await startWriting(page);
  const group = parts(page);
  await waitForHydration(group);
  // Before anything plays, the player stands at the opening reading, not at «Фрагмент 1».
  await expect(group.getByText('Чтение целиком', { exact: true })).toBeVisible();
  await expect(group.getByRole('button', { name: 'Прослушать чтение целиком' })).toBeVisible();
  await expect(group.getByRole('button', { name: 'Предыдущий фрагмент' })).toBeDisabled();

  // «Следующий фрагмент» goes to the first fragment, after the opening reading (about 38 s into today's reading).
  await group.getByRole('button', { name: 'Следующий фрагмент' }).click();
  await expect(group.getByText('Фрагмент 1 из 8')).toBeVisible();
  await expect(group.getByRole('button', { name: 'Повторить фрагмент 1' })).toBeVisible();
  const first = await audio(page).evaluate((el: HTMLAudioElement) => el.currentTime);
  expect(first).toBeGreaterThan(20);
  await audio(page).evaluate((el: HTMLAudioElement) => el.pause());

  // Back to the opening reading, named so.
  await group.getByRole('button', { name: 'К чтению целиком' }).click();
  await expect(group.getByText('Чтение целиком', { exact: true })).toBeVisible();
  expect(await audio(page).evaluate((el: HTMLAudioElement) => el.currentTime)).toBeLessThan(1);
  await audio(page).evaluate((el: HTMLAudioElement) => el.pause());

  // Through the eight fragments to the closing reading, and no further.
  for (let n = 1; n <= 8; n++) await group.getByRole('button', { name: 'Следующий фрагмент' }).click();
  await expect(group.getByText('Фрагмент 8 из 8')).toBeVisible();
  const last = await audio(page).evaluate((el: HTMLAudioElement) => el.currentTime);
  await group.getByRole('button', { name: 'К чтению для проверки' }).click();
  await expect(group.getByText('Чтение для проверки', { exact: true })).toBeVisible();
  await expect(group.getByRole('button', { name: 'Прослушать чтение для проверки' })).toBeVisible();
  expect(await audio(page).evaluate((el: HTMLAudioElement) => el.currentTime)).toBeGreaterThan(last + 5);
  await expect(group.getByRole('button', { name: 'Следующий фрагмент' })).toBeDisabled();

  // Played on by hand, the position follows the recording: into the first fragment it says so.
  await audio(page).evaluate((el: HTMLAudioElement, at: number) => {
    el.pause();
    el.currentTime = at;
  }, first + 1);
  await expect(group.getByText('Фрагмент 1 из 8')).toBeVisible();
});

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    const height = width === 390 ? 844 : 900;
    test.use({ viewport: { width, height } });

    test('the text box, the timer and the player are on the first screen, and stay together while typing', async ({
      page,
      javaScriptEnabled,
    }, testInfo) => {
      await startWriting(page);
      if (javaScriptEnabled) await waitForHydration(parts(page));
      // The box begins on the first screen with room to write a few lines.
      const first = (await field(page).boundingBox())!;
      expect(first.y + 120).toBeLessThanOrEqual(height);
      await page.screenshot({ path: testInfo.outputPath(`first-${width}.png`) });
      await expectInView(page.locator('.countdown'), height);
      await expectInView(audio(page), height);
      if (javaScriptEnabled) await expectInView(parts(page).getByRole('button', { name: /^Прослушать/ }), height);
      // A single text box: no line about which fields are required.
      await expect(page.getByText('Поля без пометки', { exact: false })).toHaveCount(0);

      // With the keyboard up, a phone shows 480 px: at the end of a long text the player is still at hand.
      await field(page).fill(Array.from({ length: 40 }, (_, line) => `${line + 1}. Строка текста.`).join('\n'));
      const typing = width === 390 ? 480 : height;
      await page.setViewportSize({ width, height: typing });
      await field(page).press('Control+End');
      await field(page).pressSequentially(' Ещё.');
      await expectInView(page.locator('.countdown'), typing);
      await expectInView(audio(page), typing);
      await expect(field(page)).toBeFocused();
      await page.screenshot({ path: testInfo.outputPath(`typing-${width}.png`) });
      if (javaScriptEnabled) {
        const replay = parts(page).getByRole('button', { name: /^(Прослушать|Повторить)/ });
        await expectInView(replay, typing);
        // The player plays from there, the text still on the screen.
        await replay.click();
        await expect.poll(() => audio(page).evaluate((el: HTMLAudioElement) => !el.paused)).toBe(true);
        await audio(page).evaluate((el: HTMLAudioElement) => el.pause());
      }
      const bar = (await page.locator('.dictation-writer__bar').boundingBox())!;
      const box = (await field(page).boundingBox())!;
      // The bar is not over the text, and the field's last line, where one types, is on the screen.
      expect(bar.y + bar.height).toBeLessThanOrEqual(box.y + 1);
      expect(box.y + box.height).toBeLessThanOrEqual(typing + 2);
    });
  });
}

test.describe('a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 568 } });

  test('with the keyboard up, the bar leaves most of the screen to the box, and no label wraps or overlaps', async ({
    page,
    javaScriptEnabled,
  }) => {
    await startWriting(page);
    const play = parts(page).getByRole('button', { name: /^(Прослушать|Повторить)/ });
    if (javaScriptEnabled) {
      await waitForHydration(parts(page));
      // One line, the short name shown, the full one its accessible name.
      expect(await play.innerText()).toBe('▶ Целиком');
      await expect(play).toHaveAccessibleName('Прослушать чтение целиком');
      expect((await play.boundingBox())!.height).toBeLessThanOrEqual(48);
    }
    await field(page).fill(Array.from({ length: 30 }, (_, line) => `${line + 1}. Строка текста.`).join('\n'));
    // The keyboard up: about 330 px of a 568 px screen are left.
    const typing = 330;
    await page.setViewportSize({ width: 320, height: typing });
    await field(page).press('Control+End');
    await field(page).pressSequentially(' Ещё.');
    const bar = (await page.locator('.dictation-writer__bar').boundingBox())!;
    const box = (await field(page).boundingBox())!;
    // The bar took about 240 px of it; now well under half, and never over the box.
    expect(bar.height).toBeLessThanOrEqual(140);
    expect(bar.y + bar.height).toBeLessThanOrEqual(box.y + 1);
    expect(typing - (bar.y + bar.height)).toBeGreaterThanOrEqual(170);
    await expectInView(page.locator('.countdown'), typing);
    if (javaScriptEnabled) {
      await expectInView(play, typing);
      expect((await play.boundingBox())!.height).toBeLessThanOrEqual(40);
      // The part's name is said to a screen reader, not drawn over the box.
      await expect(parts(page).locator('.reading-player__position')).toHaveText('Чтение целиком');
      const position = (await parts(page).locator('.reading-player__position').boundingBox())!;
      expect(position.height).toBeLessThanOrEqual(1);
    }
  });
});

test('the page speaks of saving as it works, never of JavaScript, and says when the time ends', async ({
  page,
  javaScriptEnabled,
}) => {
  await startWriting(page);
  const main = page.getByRole('main');
  if (!javaScriptEnabled) {
    // A frozen «1:00:00» would mislead: the page says when the time is over.
    await expect(page.locator('.countdown')).toHaveText(/^Время на текст — до \d{2}:\d{2} мск$/);
    await expect(page.getByRole('timer')).toHaveCount(0);
    await expect(status(page)).toHaveText('Текст ещё не сохранялся: нажмите «Сохранить», когда что-нибудь напишете.');
    await expect(main).toContainText('Чтобы текст сохранился на сервере, нажимайте «Сохранить».');
    expect(await main.innerText()).not.toMatch(/javascript|скрипт/i);
    await field(page).fill('Весной в наш город возвращаются скворцы.');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(status(page)).toHaveText(
      /^Текст сохранён на сервере в \d{2}:\d{2} мск\. Новое сохранится, когда вы нажмёте «Сохранить»\.$/,
    );
    return;
  }
  await waitForHydration(field(page));
  await expect(page.getByRole('timer')).toHaveText(/^(59:\d\d|1:00:00)$/);
  await expect(main).toContainText('Текст сохраняется сам каждые несколько секунд');
  expect(await main.innerText()).not.toMatch(/javascript|скрипт/i);
  await field(page).fill('Весной в наш город возвращаются скворцы.');
  await expect(status(page)).toHaveText(/^Текст сохранён на сервере в \d{2}:\d{2} мск$/);
  // Right after new typing the line no longer says «сохранён»: the change is not on the server yet.
  await field(page).pressSequentially(' Ещё');
  await expect(status(page)).toHaveText('Есть несохранённые изменения.');
  await expect(status(page)).toHaveText(/^Текст сохранён на сервере в \d{2}:\d{2} мск$/, { timeout: 15_000 });
});
