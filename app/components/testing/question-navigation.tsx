const copy = {
  title: 'Вопросы теста',
  item: (n: number, done: boolean) => `Вопрос ${n}, ${done ? 'есть ответ' : 'без ответа'}`,
  progress: (done: number, count: number) => `Отвечено ${done} из ${count}.`,
  allDone: 'На все вопросы дан ответ: проверьте ответы и завершите тест.',
  finish: 'Завершить тест',
  finishHint: 'Откроется сводка ответов: тест отправляется только оттуда, до отправки ответы можно изменить.',
};

/**
 * The attempt's questions as buttons of the question's form: moving to another question saves what is chosen on
 * this one first. Then the progress and «Завершить тест», a quiet button that also saves the current answer and
 * leads to the attempt's summary, which alone sends the attempt (ADR 237).
 */
export function QuestionNavigation({ current, answered }: { current: number; answered: boolean[] }) {
  const done = answered.filter(Boolean).length;
  return (
    <>
      <nav aria-labelledby="test-questions" className="test-nav">
        <h2 id="test-questions" className="test-nav__title">
          {copy.title}
        </h2>
        <ul className="test-nav__list">
          {answered.map((isDone, index) => {
            const n = index + 1;
            return (
              <li key={n}>
                <button
                  type="submit"
                  name="intent"
                  value={`go-${n}`}
                  className="test-nav__item"
                  data-answered={isDone || undefined}
                  aria-current={n === current ? 'step' : undefined}
                  aria-label={copy.item(n, isDone)}
                >
                  {n}
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="test-finish">
        <p>{done === answered.length ? copy.allDone : copy.progress(done, answered.length)}</p>
        <p id="test-finish-hint" className="field-hint">
          {copy.finishHint}
        </p>
        <button
          type="submit"
          className="button button--quiet"
          name="intent"
          value="finish"
          aria-describedby="test-finish-hint"
        >
          {copy.finish}
        </button>
      </div>
    </>
  );
}
