/**
 * Length limits of the author question and support forms: the contract's (contract/author-questions.ts,
 * contract/support.ts), repeated here because client code takes nothing from the contract but types. A module of
 * their own, so the pages' hints can state them without pulling zod into the first load.
 */
export const QUESTION_MIN = 20;
export const QUESTION_MAX = 2000;
export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 3000;
