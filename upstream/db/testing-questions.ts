import type { QuestionKind } from '#contract';
import type { Db } from './open';
import type { Judged } from './testing-scoring';

/** A test's questions as the attempts, their layout and their review read them. */

export interface QuestionRow {
  id: number;
  test_id: number;
  position: number;
  kind: QuestionKind;
  text: string;
  options: string;
  right_option_ids: string;
  right_texts: string;
  explanation: string;
}

export type Question = Judged & {
  id: number;
  position: number;
  text: string;
  options: Array<{ id: number; text: string }>;
  explanation: string;
};

function toQuestion(row: QuestionRow): Question {
  return {
    id: row.id,
    position: row.position,
    kind: row.kind,
    text: row.text,
    options: JSON.parse(row.options) as Question['options'],
    rightOptionIds: JSON.parse(row.right_option_ids) as number[],
    rightTexts: JSON.parse(row.right_texts) as string[],
    explanation: row.explanation,
  };
}

export function listQuestions(db: Db, testId: number): Question[] {
  const rows = db.prepare('SELECT * FROM test_questions WHERE test_id = ? ORDER BY position').all(testId);
  return (rows as QuestionRow[]).map(toQuestion);
}
