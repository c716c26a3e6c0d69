import { expect, test, type Page } from '@playwright/test';
import { login, logout, outbox, registerUser, waitForHydration, type NewUser } from './helpers';

/**
 * Issue 37 point 4, its second half (ADR 214): a person changes their address from the profile, with the current
 * password in the same form. An unconfirmed address is corrected at once and the letter goes to the new one; a
 * confirmed one stays in force until the link mailed to the new one is followed, and hears of the request. With
 * and without JavaScript, at a phone's width and a desktop's.
 */

function changeForm(page: Page) {
  return {
    email: page.getByLabel('Новый адрес электронной почты'),
    password: page.getByLabel('Текущий пароль'),
    submit: page.getByRole('button', { name: 'Сменить адрес' }),
  };
}

async function openChange(page: Page, javaScriptEnabled: boolean, link: string) {
  await page.goto('/profile');
  await page.getByRole('link', { name: link }).click();
  await expect(page).toHaveURL(/\/profile\/email\/change$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Смена адреса электронной почты');
  if (javaScriptEnabled) await waitForHydration(changeForm(page).submit);
}

/** The link in the newest letter with this subject to this address. */
async function mailedLink(email: string, subject: string): Promise<string> {
  const letter = (await outbox(email)).find((message) => message.subject === subject);
  const link = letter?.body.match(/https?:\/\/\S+\/confirm-email\/[\w-]+/)?.[0];
  if (!link) throw new Error(`no «${subject}» mailed to ${email}`);
  return link;
}

/** Follows a confirmation link; `changed`: it was a confirmed address's change, so the sign-in address changes. */
async function followLink(page: Page, link: string, javaScriptEnabled: boolean, changed = false) {
  await page.goto(link);
  const confirm = page.getByRole('button', { name: 'Подтвердить адрес' });
  if (javaScriptEnabled) await waitForHydration(confirm);
  await confirm.click();
  if (changed) {
    await expect(page).toHaveURL(/\/email-confirmed\?reason=changed$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Адрес для входа изменён');
  } else {
    await expect(page).toHaveURL(/\/email-confirmed$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Адрес подтверждён');
  }
}

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

const newAddress = (user: NewUser, tag: string) => user.email.replace('@', `-${tag}@`);

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('a mistyped, unconfirmed address is corrected from the reminder; the letter goes to the new one', async ({
      page,
      javaScriptEnabled,
    }, testInfo) => {
      const user = await registerUser(testInfo, `fix-${width}`, { confirm: false });
      const corrected = newAddress(user, 'fixed');
      await login(page, user);
      await openChange(page, javaScriptEnabled, 'Исправить адрес');
      expect(await noSideScroll(page)).toBe(true);
      const form = changeForm(page);

      // A wrong password: said at its field; the typed address stays, the password does not.
      await form.email.fill(corrected);
      await form.password.fill('not-my-password');
      await form.submit.click();
      await expect(form.password).toHaveAccessibleDescription(/Текущий пароль указан неверно/);
      await expect(form.email).toHaveValue(corrected);
      await expect(form.password).toHaveValue('');
      expect(await outbox(corrected)).toEqual([]);

      await form.password.fill(user.password);
      await form.submit.click();
      await expect(page).toHaveURL(/\/profile\/email\/change\?saved=1&reason=replaced#saved$/);
      await expect(page.getByRole('status').filter({ hasText: `Адрес изменён на ${corrected}.` })).toBeVisible();
      // Changed at once, so saved.
      await expect(page.getByRole('button', { name: 'Сохранено' })).toBeVisible();
      expect(await noSideScroll(page)).toBe(true);
      await expect(form.password).toHaveValue('');

      await followLink(page, await mailedLink(corrected, 'Подтвердите адрес электронной почты'), javaScriptEnabled);
      await page.goto('/profile');
      await expect(page.getByText(corrected, { exact: false }).first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Подтвердите адрес электронной почты' })).toHaveCount(0);
      await logout(page);
      await login(page, { email: corrected, password: user.password });
    });

    test('a confirmed address stays until the link mailed to the new one is followed', async ({
      page,
      javaScriptEnabled,
    }, testInfo) => {
      const user = await registerUser(testInfo, `move-${width}`);
      const moved = newAddress(user, 'moved');
      await login(page, user);
      await openChange(page, javaScriptEnabled, 'Изменить');
      const form = changeForm(page);
      await form.email.fill(moved);
      await form.password.fill(user.password);
      await form.submit.click();
      await expect(page).toHaveURL(/\/profile\/email\/change\?saved=1&reason=pending#saved$/);
      await expect(
        page.getByRole('status').filter({ hasText: `Письмо со ссылкой отправлено на ${moved}.` }),
      ).toContainText(`До тех пор входите с адресом ${user.email}.`);
      // Nothing has changed yet: no «Сохранено», and the address in force is «Текущий», as the password is.
      await expect(page.getByRole('button', { name: 'Сохранено' })).toHaveCount(0);
      await expect(form.submit).toBeVisible();
      await expect(page.getByRole('term').filter({ hasText: 'Текущий адрес' })).toBeVisible();
      await expect(page.getByText('Нынешний')).toHaveCount(0);
      expect(await noSideScroll(page)).toBe(true);

      // The old address hears of it, without the new one in full.
      const [notice] = await outbox(user.email);
      expect(notice!.subject).toBe('Запрошена смена адреса электронной почты');
      expect(notice!.body).not.toContain(moved);

      await page.goto('/profile');
      await expect(page.getByText(`Новый адрес ${moved} ждёт подтверждения по ссылке из письма.`)).toBeVisible();
      expect(await noSideScroll(page)).toBe(true);
      // Until the link is followed, the old address is the one to sign in with.
      await logout(page);
      await login(page, user);

      await followLink(
        page,
        await mailedLink(moved, 'Подтвердите новый адрес электронной почты'),
        javaScriptEnabled,
        true,
      );
      await expect(page.getByRole('main')).toContainText(`Теперь входите на портал с адресом ${moved}`);
      await page.goto('/profile');
      await expect(page.getByText(`Новый адрес ${moved}`)).toHaveCount(0);
      await expect(page.getByRole('definition').filter({ hasText: moved })).toBeVisible();
      await logout(page);
      await login(page, { email: moved, password: user.password });
    });
  });
}
