/** WCAG 2.x contrast of the colour tokens: read from tokens.css by its tests, never shipped. */

const surfaces = ['--color-surface', '--color-surface-alt'];
const tints = ['--color-accent-soft', '--color-success-soft', '--color-warning-soft', '--color-danger-soft'];

/** Text colours, each with the backgrounds the stylesheets draw it on. */
export const TEXT_PAIRS: Array<[string, string[]]> = [
  ['--color-text', [...surfaces, ...tints]],
  ['--color-muted', [...surfaces, '--color-accent-soft']],
  ['--color-accent', [...surfaces, '--color-accent-soft']],
  ['--color-accent-strong', [...surfaces, '--color-accent-soft']],
  ['--color-success', [...surfaces, '--color-success-soft', '--color-warning-soft']],
  ['--color-warning', [...surfaces, '--color-warning-soft']],
  ['--color-danger', [...surfaces, '--color-danger-soft', '--color-warning-soft']],
  ['--color-on-accent', ['--color-accent', '--color-accent-strong', '--color-success']],
];

/** Colours of controls' edges and of the focus ring, with what they must stand out from. */
export const CONTROL_PAIRS: Array<[string, string[]]> = [
  ['--color-control-border', surfaces],
  ['--color-focus', [...surfaces, '--color-accent-soft', '--color-danger-soft']],
  ['--color-accent', [...surfaces, '--color-accent-soft']],
  ['--color-accent-strong', surfaces],
  ['--color-danger', surfaces],
  ['--color-success', surfaces],
];

/** The colour tokens of one scheme, by name (`--color-text` → `#1b1f24`). */
export type Scheme = Map<string, string>;

/** The `--color-*` declarations of the light `:root` block and of the dark one (which overrides the light). */
export function readSchemes(css: string): { light: Scheme; dark: Scheme } {
  const darkStart = css.indexOf('@media (prefers-color-scheme: dark)');
  if (darkStart < 0) throw new Error('tokens.css has no dark scheme');
  const light = declarations(css.slice(0, darkStart));
  const dark = new Map([...light, ...declarations(css.slice(darkStart))]);
  return { light, dark };
}

function declarations(block: string): Scheme {
  const found = new Map<string, string>();
  for (const [, name, value] of block.matchAll(/(--color-[a-z-]+):\s*(#[0-9a-f]{3,6})\s*;/gi)) {
    found.set(name!, value!.toLowerCase());
  }
  return found;
}

function channels(hex: string): [number, number, number] {
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255) as [number, number, number];
}

/** Relative luminance, WCAG 2.2 §1.4.3's definition. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}
