import { expect, test, type Page } from '@playwright/test';
import { FROZEN_NOW } from './frozen-now';
import { DEMO, heading, login, wordsSplitAcrossLines } from './helpers';

/**
 * Screenshots as tests (ADR 224): the stable screens at a desktop's and a phone's width, in the light and the
 * dark scheme, against demo data frozen at FROZEN_NOW. A reviewer sees every screen in
 * tests/e2e/__screenshots__ without starting the portal. Regenerate them all with
 * `npx playwright test --project screenshots --update-snapshots=all` (docs/development.md).
 */

const PUBLIC = [
  ['front', '/'],
  ['login', '/login'],
  ['registration', '/registration'],
  ['consent', '/consent'],
  ['privacy', '/privacy'],
  ['password', '/password'],
  ['admin-auth', '/admin-auth'],
  ['dictation', '/dictation'],
  ['week', '/week'],
  ['not-found', '/no-such-page'],
] as const;

const CABINET = [
  ['lk', '/lk'],
  ['lk-dictations', '/lk/dictations'],
  ['lk-master-classes', '/lk/master-classes'],
  ['lk-scenarios', '/lk/scenarios'],
  ['lk-law-week', '/lk/law-week'],
  ['lk-law-week-themes', '/lk/law-week/themes'],
  ['lk-author-questions', '/lk/author-questions'],
  ['lk-testing', '/lk/testing'],
  ['lk-support', '/lk/support'],
  ['lk-week', '/lk/week'],
  ['profile', '/profile'],
  ['profile-security', '/profile/security'],
  ['profile-email-change', '/profile/email/change'],
  ['front-signed-in', '/'],
] as const;

/** The item pages of the cabinet, by the demo seed's ids (the same as the accessibility scan's, tests/e2e/routes.ts). */
const CABINET_ITEMS = [
  ['lk-certificates', '/lk/certificates'],
  ['lk-dictation-result', '/lk/dictations/1'],
  ['lk-master-class', '/lk/master-classes/1'],
  ['lk-scenario', '/lk/scenarios/1'],
  ['lk-test', '/lk/testing/1'],
  ['lk-test-question', '/lk/testing/5/questions/7'],
  ['lk-test-summary', '/lk/testing/5/summary'],
  ['lk-test-result', '/lk/testing/3/attempts/1'],
] as const;

async function shoot(page: Page, name: string, path: string) {
  await page.goto(path);
  await expect(heading(page)).toBeVisible();
  // Every image loaded now (lazy ones too), so a late picture never changes the shot.
  await page.evaluate(() =>
    Promise.all(
      [...document.images].map((image) => {
        image.loading = 'eager';
        return image.decode().catch(() => undefined);
      }),
    ),
  );
  await expect.soft(page).toHaveScreenshot(`${name}.png`, { fullPage: true, timeout: 20_000 });
  // A phone's shot shows no word broken inside (issue 29): the check reads the layout the shot was taken of.
  if (page.viewportSize()!.width < 500)
    expect.soft(await wordsSplitAcrossLines(page), `words broken in ${name}`).toEqual([]);
}

for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [1280, 390] as const) {
    test.describe(`${width} px, ${colorScheme}`, () => {
      test.use({ colorScheme, viewport: { width, height: 900 }, isMobile: false });

      // A dozen full-page shots a test, each taken twice until two agree.
      test.describe.configure({ timeout: 240_000 });

      test.beforeEach(async ({ page }) => {
        await page.clock.setFixedTime(new Date(FROZEN_NOW));
      });

      test('public screens', async ({ page }) => {
        for (const [name, path] of PUBLIC) await shoot(page, `${name}-${width}-${colorScheme}`, path);
      });

      test('the demo teacher’s cabinet', async ({ page }) => {
        await login(page, DEMO.teacher);
        for (const [name, path] of CABINET) await shoot(page, `${name}-${width}-${colorScheme}`, path);
      });

      test('the demo teacher’s item pages', async ({ page }) => {
        await login(page, DEMO.teacher);
        for (const [name, path] of CABINET_ITEMS) await shoot(page, `${name}-${width}-${colorScheme}`, path);
      });
    });
  }
}

/**
 * Writing on a phone: with the field focused and the caret at the end of a long text, the time and the
 * saving stay in view above it. The demo participant's dictation of today's event, on the frozen clock.
 */
test.describe('390 px, writing', () => {
  test.use({ colorScheme: 'light', viewport: { width: 390, height: 844 }, isMobile: false });

  test.beforeEach(async ({ page }) => {
    await page.clock.setFixedTime(new Date(FROZEN_NOW));
  });

  test('the writing form while typing', async ({ page }) => {
    await login(page, DEMO.participant);
    await page.goto('/dictation');
    await page
      .getByRole('article', { name: 'Всероссийский диктант' })
      .getByRole('button', { name: /^(Начать|Продолжить) диктант$/ })
      .click();
    const field = page.getByLabel('Текст диктанта');
    // A dictation not started yet opens at the sound check and «Готовы?».
    const ready = page.getByRole('heading', { name: 'Готовы?' });
    await expect(field.or(ready)).toBeVisible();
    if (await ready.isVisible()) await page.getByRole('button', { name: 'Начать диктант' }).click();
    const line = 'Осень наступила незаметно. Листья на клёнах пожелтели за одну ночь.';
    await field.fill(Array.from({ length: 12 }, () => line).join('\n'));
    // The browser's clock stands still, so the 5-second autosave is not waited for: «Сохранить» saves in place.
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.locator('#dictation-status')).toHaveText(/^Текст сохранён на сервере в \d{2}:\d{2} мск$/);
    await field.press('Control+End');
    await expect(field).toBeFocused();
    await expect.soft(page).toHaveScreenshot('dictation-writing-390-light.png', { timeout: 20_000 });
  });

  test('the sound check before the time', async ({ page }) => {
    await login(page, DEMO.teacher);
    await page.goto('/lk/dictations');
    await page.getByRole('button', { name: 'Начать диктант' }).click();
    await expect(page.getByRole('heading', { name: 'Готовы?' })).toBeVisible();
    await expect.soft(page).toHaveScreenshot('dictation-ready-390-light.png', { timeout: 20_000 });
  });
});
