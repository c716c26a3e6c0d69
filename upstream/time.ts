/** The clock every time-dependent rule reads; tests pass their own to move time without waiting. */
export type Clock = () => number;
export const systemClock: Clock = () => Date.now();
