import { expect, type Page } from '@playwright/test';

/**
 * Answers to the seeded tests' questions, found by the question's words: each attempt shuffles its questions and
 * options, so a test answers whatever question the page shows, as a participant reads it.
 */

export interface Answer {
  /** Words of the question's text. */
  asks: string;
  kind: 'single' | 'multiple' | 'text';
  /** The options to choose (their labels) or the text to type. */
  give: string[];
}

const REQUIRED = {
  single: 'Выберите один вариант ответа',
  multiple: 'Отметьте хотя бы один вариант ответа',
  text: 'Впишите ответ',
} as const;

/** «Трудовые права подростков»: five right answers and one wrong (the hours from 16 to 18). */
export const LABOUR_ANSWERS: Answer[] = [
  { asks: 'заключить трудовой договор', kind: 'single', give: ['16 лет'] },
  { asks: 'от 16 до 18 лет', kind: 'single', give: ['Не более 40'] },
  { asks: 'работник до 16 лет', kind: 'single', give: ['Не более 24'] },
  {
    asks: 'Какие работы запрещены',
    kind: 'multiple',
    give: ['Работы с вредными', 'Работа в ночное время', 'Подземные работы'],
  },
  { asks: 'оплачиваемый отпуск', kind: 'text', give: [' 31 '] },
  { asks: 'медицинский осмотр', kind: 'single', give: ['Да, обязательно'] },
];

/** «Права ребёнка»: a right answer to each question. */
export const CHILD_ANSWERS: Answer[] = [
  { asks: 'международный документ', kind: 'single', give: ['Конвенция ООН о правах ребёнка'] },
  { asks: 'считается ребёнком', kind: 'single', give: ['18 лет'] },
  { asks: 'по Семейному кодексу', kind: 'multiple', give: ['Жить и воспитываться в семье'] },
  { asks: 'свободное от учёбы время', kind: 'single', give: ['14 лет'] },
  { asks: 'учёт мнения ребёнка', kind: 'text', give: ['10'] },
  { asks: 'своим заработком', kind: 'single', give: ['14 лет'] },
  { asks: 'Куда может обратиться', kind: 'single', give: ['К уполномоченному по правам ребёнка'] },
];

/** The answer to the question on the page. */
export async function shownQuestion(page: Page, answers: Answer[]): Promise<Answer> {
  const text = await page.locator('form.test-question legend').textContent();
  const answer = answers.find((candidate) => text?.includes(candidate.asks));
  if (!answer) throw new Error(`no answer for «${text}»`);
  return answer;
}

/** Chooses or types the answer to the question on the page (without sending it). */
export async function fill(page: Page, answer: Answer): Promise<void> {
  if (answer.kind === 'text') return page.getByLabel('Ваш ответ').fill(answer.give[0]!);
  for (const label of answer.give) {
    await page.getByRole(answer.kind === 'single' ? 'radio' : 'checkbox', { name: label }).check();
  }
}

/** The answer given earlier is on the page again. */
export async function expectGiven(page: Page, answer: Answer): Promise<void> {
  if (answer.kind === 'text') return expect(page.getByLabel('Ваш ответ')).toHaveValue(answer.give[0]!.trim());
  for (const label of answer.give) {
    await expect(page.getByRole(answer.kind === 'single' ? 'radio' : 'checkbox', { name: label })).toBeChecked();
  }
}

/** What the form says when the question's answer is missing. */
export function requiredMessage(answer: Answer): string {
  return REQUIRED[answer.kind];
}
