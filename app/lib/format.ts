/**
 * Russian formatting of durations, shares, sizes and titles, all through Intl (ru-RU). Dates and times are
 * `#shared/moscow-time`'s and counts with their noun `#shared/plural`'s (one copy for app, bff and upstream).
 */

const LOCALE = 'ru-RU';

// Made once: a formatter costs far more to build than to use (it was a tenth of a content list's CPU).
const units = {
  hour: new Intl.NumberFormat(LOCALE, { style: 'unit', unit: 'hour', unitDisplay: 'short' }),
  minute: new Intl.NumberFormat(LOCALE, { style: 'unit', unit: 'minute', unitDisplay: 'short' }),
};
const percent = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 0 });
const fileSizes = [0, 1].map((digits) => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: digits }));

/** «45 мин», «1 ч», «1 ч 30 мин». */
export function formatDuration(minutes: number): string {
  const unit = (value: number, name: keyof typeof units) => units[name].format(value);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return unit(rest, 'minute');
  return rest === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(rest, 'minute')}`;
}

/** «42 %». */
export function formatPercent(fraction: number): string {
  return percent.format(fraction);
}

const SIZE_UNITS = ['Б', 'КБ', 'МБ', 'ГБ'] as const;

/** «840 Б», «12 КБ», «3,4 МБ»: binary steps, one decimal below ten. */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let step = 0;
  while (value >= 1024 && step < SIZE_UNITS.length - 1) {
    value /= 1024;
    step += 1;
  }
  const digits = step > 0 && value < 10 ? 1 : 0;
  return `${fileSizes[digits]!.format(value)} ${SIZE_UNITS[step]}`;
}

/**
 * «Материалы к «Программе»» is wrong in Russian: quotes inside «ёлочки» are „лапки“. The one way a title is
 * quoted: «…» around it, and any «…» inside it turned into „…“.
 */
export function quote(text: string): string {
  return `«${text.replace(/«/g, '„').replace(/»/g, '“')}»`;
}

/**
 * Ends a sentence with one period: a sentence ending in an abbreviation («2026 г.») or in its own mark keeps
 * it, so a date never comes out as «7 декабря 2026 г..».
 */
export function sentence(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}
