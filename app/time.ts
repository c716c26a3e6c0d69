/** Durations in milliseconds, written with their unit (`hours(1)`), for code that runs in the browser too. */
export const seconds = (n: number) => n * 1000;
export const minutes = (n: number) => seconds(n * 60);
export const hours = (n: number) => minutes(n * 60);
