import { describe, expect, it } from 'vitest';
import { dictationAction } from './dictation-now';

describe('the front page’s call to action for the dictation', () => {
  it('follows the state the upstream’s dates give', () => {
    expect(dictationAction('registration')).toEqual({ label: 'Зарегистрироваться', to: '/dictation' });
    expect(dictationAction('writing')).toEqual({ label: 'Написать диктант', to: '/lk/dictations' });
    expect(dictationAction('results')).toEqual({ label: 'Результаты', to: '/lk/dictations' });
  });

  it('sends to the dictation’s page while there is nothing to do yet', () => {
    expect(dictationAction('announced')).toEqual({ label: 'Подробнее о диктанте', to: '/dictation' });
    expect(dictationAction('closed')).toEqual({ label: 'Подробнее о диктанте', to: '/dictation' });
  });
});
