import type { AttemptQuestion } from '#contract';

const copy = {
  question: (n: number) => `Вопрос ${n}`,
  correct: 'Верно',
  wrong: 'Неверно',
  unanswered: 'Нет ответа',
  yours: 'ваш ответ',
  right: 'верный ответ',
  yourText: 'Ваш ответ:',
  rightText: 'Верный ответ:',
  none: 'нет ответа',
  why: 'Пояснение:',
};

/**
 * One question of a finished attempt: the answer given and whether it was right; the right answer and why only
 * when the upstream sent them (once the user has no attempt left, ADR 237).
 */
export function AnswerReview({ question }: { question: AttemptQuestion }) {
  const review = question.review;
  if (!review) return null;
  const { solution } = review;
  const verdict = question.answer === null ? copy.unanswered : review.correct ? copy.correct : copy.wrong;
  const chosen = new Set(question.answer?.optionIds ?? []);
  const right = new Set(solution?.rightOptionIds ?? []);
  return (
    <li className="test-review__item" data-correct={review.correct}>
      <h3>
        {copy.question(question.position)}. {question.text}
      </h3>
      <p className="test-review__verdict">{verdict}</p>
      {question.kind === 'text' ? (
        <dl className="test-review__text">
          <dt>{copy.yourText}</dt>
          <dd>{question.answer?.text || copy.none}</dd>
          {solution ? (
            <>
              <dt>{copy.rightText}</dt>
              <dd>{solution.rightText}</dd>
            </>
          ) : null}
        </dl>
      ) : (
        <ul className="test-review__options">
          {question.options.map((option) => {
            const marks = [chosen.has(option.id) ? copy.yours : null, right.has(option.id) ? copy.right : null];
            const note = marks.filter(Boolean).join(', ');
            return (
              <li
                key={option.id}
                data-chosen={chosen.has(option.id) || undefined}
                data-right={right.has(option.id) || undefined}
              >
                {option.text}
                {note ? <span className="test-review__mark"> — {note}</span> : null}
              </li>
            );
          })}
        </ul>
      )}
      {solution ? (
        <p className="test-review__why">
          <strong>{copy.why}</strong> {solution.explanation}
        </p>
      ) : null}
    </li>
  );
}
