/** Durations in milliseconds, so every constant is written with its unit. */
export const seconds = (n: number): number => n * 1000;
export const minutes = (n: number): number => seconds(n * 60);
export const hours = (n: number): number => minutes(n * 60);
export const days = (n: number): number => hours(n * 24);

/** The clock every time-dependent rule reads; tests pass their own to move time without waiting. */
export type Clock = () => number;
export const systemClock: Clock = () => Date.now();
