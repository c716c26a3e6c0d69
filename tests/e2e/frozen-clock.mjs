/**
 * Preloaded (`--import`) into both servers of the screenshot run (playwright.config.ts): `E2E_FROZEN_NOW` stops
 * their clocks at one instant, so the reference upstream seeds its demo content around the same "today" and the
 * portal computes the same states (a dictation open for writing, the day of the week's programme) on every run.
 * Timers still run; only the wall clock stands still. Never loaded outside the screenshot tests.
 */
const frozen = Date.parse(process.env.E2E_FROZEN_NOW ?? '');
if (!Number.isNaN(frozen)) {
  const RealDate = Date;
  class FrozenDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(frozen);
      else super(...args);
    }
    static now() {
      return frozen;
    }
  }
  globalThis.Date = FrozenDate;
}
