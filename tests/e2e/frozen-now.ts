/**
 * The screenshots' instant: both servers of their run (tests/e2e/frozen-clock.mjs) and the browser
 * (`page.clock`) stand still at it, so the demo data and every state computed from the clock are the same on
 * every run. A Tuesday of the demo's law week, while the demo dictation is being written.
 */
export const FROZEN_NOW = '2026-11-24T09:00:00.000Z';
