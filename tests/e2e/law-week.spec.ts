import { readFileSync, statSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO, heading, login } from './helpers';

/** The law week, used for its purpose with JavaScript on and off: read the programme, open the themes, download. */

const PROGRAMME_PDF = 'upstream/files/scenarios/lesson-plan.pdf';

test('a teacher reads the week’s programme with today marked, downloads a material and opens the themes', async ({
  page,
}) => {
  await login(page, DEMO.teacher);
  await page
    .getByRole('navigation', { name: 'Разделы личного кабинета' })
    .getByRole('link', { name: 'Неделя права', exact: true })
    .click();
  await expect(heading(page)).toHaveText('Неделя права');

  const days = page.getByRole('navigation', { name: 'Дни недели' }).getByRole('link');
  await expect(days).toHaveCount(7);
  const today = days.and(page.locator('[aria-current="date"]'));
  await expect(today).toHaveText(/ — сегодня$/);
  await today.click();
  await expect(page).toHaveURL(/#day-\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByText('Сегодня', { exact: true })).toBeVisible();

  const opening = page.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: 'Торжественное открытие Недели права' }),
  });
  await expect(opening).toContainText('10:00–11:00 мск');
  await expect(opening.getByRole('link', { name: 'Ссылка на трансляцию' })).toHaveAttribute(
    'href',
    /^https:\/\/pravo-nedelya\.example\.ru\//,
  );
  await expect(opening.getByRole('img', { name: 'Афиша недели' })).toBeVisible();

  const size = statSync(PROGRAMME_PDF).size;
  await expect(opening.getByText(`PDF, ${(size / 1024).toFixed(1).replace('.', ',')} КБ`)).toBeVisible();
  const download = page.waitForEvent('download');
  await opening.getByRole('link', { name: 'Скачать «Программа недели.pdf»' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Программа недели.pdf');
  expect(readFileSync((await file.path())!).equals(readFileSync(PROGRAMME_PDF))).toBe(true);

  await page.getByRole('link', { name: 'Темы недели права и материалы к ним' }).click();
  await expect(heading(page)).toHaveText('Темы недели права');
  await page.getByRole('navigation', { name: 'Темы' }).getByRole('link', { name: 'Экологическое право' }).click();
  const ecology = page.getByRole('region', { name: 'Экологическое право' });
  await expect(ecology.getByRole('img', { name: 'Карта экологических маршрутов' })).toBeVisible();
});
