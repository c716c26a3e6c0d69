/** WCAG 2.x contrast of the colour tokens (ADR 029): read from tokens.css by its tests, never shipped. */

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
