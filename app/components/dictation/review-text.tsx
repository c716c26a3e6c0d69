import type { ReviewSegment } from '#contract';

const copy = {
  legend:
    'Зачёркнуто — написанное с ошибкой или лишнее, подчёркнуто — как правильно. Перед каждой ошибкой программа чтения с экрана называет её вид.',
  wrong: 'Ошибка: написано',
  right: ', правильно',
  missing: 'Пропущено:',
  extra: 'Лишнее:',
};

const Hidden = ({ children }: { children: string }) => <span className="visually-hidden">{children} </span>;

/**
 * The checked text with each error marked: `<del>` what was written wrongly, `<ins>` what was expected, in a
 * `<mark>`. Strike-through and underline carry the meaning besides colour, and hidden words say it to a screen
 * reader, which does not announce `del`/`ins` by itself.
 */
export function ReviewText({ segments }: { segments: ReviewSegment[] }) {
  return (
    <>
      <p className="review-legend">{copy.legend}</p>
      <p className="review-text">
        {segments.map((segment, index) => {
          switch (segment.kind) {
            case 'same':
              return <span key={index}>{segment.text}</span>;
            case 'wrong':
              return (
                <mark key={index} className="review-error">
                  <Hidden>{copy.wrong}</Hidden>
                  <del>{segment.written}</del>
                  <Hidden>{copy.right}</Hidden>
                  <ins>{segment.expected}</ins>
                </mark>
              );
            case 'missing':
              return (
                <mark key={index} className="review-error">
                  <Hidden>{copy.missing}</Hidden>
                  <ins>{segment.expected}</ins>
                </mark>
              );
            case 'extra':
              return (
                <mark key={index} className="review-error">
                  <Hidden>{copy.extra}</Hidden>
                  <del>{segment.written}</del>
                </mark>
              );
          }
        })}
      </p>
    </>
  );
}
