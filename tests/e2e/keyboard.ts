import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Keyboard-only walking for end-to-end tests: a person who cannot use a mouse moves with Tab and Shift+Tab
 * and acts with Enter and Space. Every stop on the way must show where focus is: an outline of at least
 * 2 px (the portal's ring, `:focus-visible` in app/styles/app.css) on an element that is on screen. A screen
 * that draws its own indicator must keep such an outline, or this helper fails the flow at that control.
 *
 *     await tabTo(page, page.getByRole('link', { name: 'Сценарии' }));
 *     await page.keyboard.press('Enter');
 */

/** Why the focused element has no visible focus indicator, or null when it has one. */
export async function focusIndicatorProblem(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'nothing has focus';
    const describe = () => element.outerHTML.slice(0, 120);
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    if (box.width < 1 || box.height < 1 || style.visibility === 'hidden') return `invisible: ${describe()}`;
    const inView = box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
    if (!inView) return `off screen: ${describe()}`;
    const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    return ring ? null : `no focus indicator: ${describe()}`;
  });
}

export async function expectVisibleFocus(page: Page): Promise<void> {
  expect(await focusIndicatorProblem(page)).toBeNull();
}

async function isFocused(target: Locator): Promise<boolean> {
  return (await target.count()) > 0 && (await target.first().evaluate((el) => el === document.activeElement));
}

/**
 * Presses Tab (or Shift+Tab with `backwards`) until `target` has focus, checking the focus indicator at every
 * stop; fails when `max` presses do not get there. Like a browser, it wraps round past the end of the page.
 * Returns the number of presses.
 */
export async function tabTo(page: Page, target: Locator, { max = 40, backwards = false } = {}): Promise<number> {
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    // Past the last control focus leaves the page for the browser's own controls; the next Tab comes back.
    if (await page.evaluate(() => document.activeElement === document.body)) continue;
    await expectVisibleFocus(page);
    if (await isFocused(target)) return presses;
  }
  throw new Error(`${String(target)} was not reached in ${max} presses of Tab`);
}

/** Tabs to a field and types into it, as a keyboard user fills a form. */
export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** The document's one polite live region (RouteAnnouncer). */
export function announcer(page: Page): Locator {
  return page.locator('#announcer');
}
