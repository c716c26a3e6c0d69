import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { ANSWER_TEXT_MAX, answerSchema } from './test-question.schema';

function parse(fields: Record<string, string | string[]>) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ attemptId: '7', questionId: '101', ...fields })) {
    for (const item of [value].flat()) form.append(name, item);
  }
  return parseWithZod(form, { schema: answerSchema });
}

/** The messages by field, or null when the form is accepted. */
function errorsOf(fields: Record<string, string | string[]>) {
  const submission = parse(fields);
  return submission.status === 'success' ? null : submission.error;
}

describe('a question’s form', () => {
  it('asks for an answer only when the button answers, in the words of the question’s kind', () => {
    expect(errorsOf({ kind: 'single', intent: 'answer-2' })).toEqual({
      optionIds: ['Выберите один вариант ответа'],
    });
    expect(errorsOf({ kind: 'multiple', intent: 'answer-2' })).toEqual({
      optionIds: ['Отметьте хотя бы один вариант ответа'],
    });
    expect(errorsOf({ kind: 'text', intent: 'answer-2', text: '   ' })).toEqual({ text: ['Впишите ответ'] });
    for (const intent of ['go-1', 'finish']) expect(parse({ kind: 'single', intent }).status).toBe('success');
  });

  it('reads one option or several as a list of numbers, and a text trimmed', () => {
    const one = parse({ kind: 'single', intent: 'answer-2', optionIds: '1013' });
    expect(one.status === 'success' && one.value.optionIds).toEqual([1013]);
    const many = parse({ kind: 'multiple', intent: 'answer-3', optionIds: ['1031', '1034'] });
    expect(many.status === 'success' && many.value.optionIds).toEqual([1031, 1034]);
    const text = parse({ kind: 'text', intent: 'answer-5', text: '  Федеральное Собрание ' });
    expect(text.status === 'success' && text.value.text).toBe('Федеральное Собрание');
  });

  it('refuses an unknown button and a text longer than the contract takes', () => {
    expect(errorsOf({ kind: 'single', intent: 'delete' })).toHaveProperty('intent');
    expect(errorsOf({ kind: 'text', intent: 'go-1', text: 'я'.repeat(ANSWER_TEXT_MAX + 1) })).toEqual({
      text: [`Ответ слишком длинный: не более ${ANSWER_TEXT_MAX} символов`],
    });
  });
});
