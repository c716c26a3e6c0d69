import { plural } from './plural';

const units = {
  seconds: { one: 'секунду', few: 'секунды', many: 'секунд' },
  minutes: { one: 'минуту', few: 'минуты', many: 'минут' },
};

const PREFIX = 'Слишком много попыток.';

/** «Слишком много попыток…» with the wait: under a minute in seconds, else in whole minutes (rounded up). */
export function tooManyAttemptsMessage(waitSeconds: number): string {
  const wait =
    waitSeconds < 60
      ? plural(Math.max(1, Math.ceil(waitSeconds)), units.seconds)
      : plural(Math.ceil(waitSeconds / 60), units.minutes);
  return `${PREFIX} Повторите через ${wait}.`;
}

/** Whether a form's message only says to wait: nothing in the form is to be corrected (issue 37). */
export function isWaitMessage(message: string): boolean {
  return message.startsWith(PREFIX);
}
