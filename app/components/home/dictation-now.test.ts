import { describe, expect, it } from 'vitest';
import { dictationAction } from './dictation-now';

describe('the front page’s call to action for the dictation', () => {
  it('follows the state the upstream’s dates give', () => {
    expect(dictationAction('registration', false)).toEqual({ label: 'Зарегистрироваться', to: '/dictation' });
    expect(dictationAction('writing', true)).toEqual({ label: 'Написать диктант', to: '/dictation' });
    expect(dictationAction('results', true)).toEqual({ label: 'Результаты', to: '/lk/dictations' });
  });

  it('takes a visitor to sign in on the day, and back to the dictation where one press starts it (ADR 239)', () => {
    expect(dictationAction('writing', false)).toEqual({
      label: 'Написать диктант',
      to: '/login?redirectTo=%2Fdictation',
    });
  });

  it('sends to the dictation’s page while there is nothing to do yet', () => {
    expect(dictationAction('announced', false)).toEqual({ label: 'Подробнее о диктанте', to: '/dictation' });
    expect(dictationAction('closed', true)).toEqual({ label: 'Подробнее о диктанте', to: '/dictation' });
  });
});
