/**
 * Durations in milliseconds, written with their unit (`hours(68)`): the one copy for the portal's server
 * (bff/), its pages (app/, the browser included) and the reference upstream.
 */
export const seconds = (n: number): number => n * 1000;
export const minutes = (n: number): number => seconds(n * 60);
export const hours = (n: number): number => minutes(n * 60);
export const days = (n: number): number => hours(n * 24);
