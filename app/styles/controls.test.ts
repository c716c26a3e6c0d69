import { readdirSync, readFileSync } from 'node:fs';
import postcss, { type Declaration } from 'postcss';
import { describe, expect, it } from 'vitest';
import { CONTROL_PAIRS, TEXT_PAIRS } from '../../tests/contrast';

/**
 * axe checks text contrast but not the edges of controls (WCAG 1.4.11, issue 15: the scenario filters and the
 * tender question's text area were drawn 1.4:1). The token test proves which colours reach 3:1 and 4.5:1; this
 * one proves every stylesheet of app/ (app/styles and the components' own) uses only those: each text colour is a tested text token, and each border or
 * outline of a control is a tested control token.
 */
const dir = new URL('../', import.meta.url);
const sheets = readdirSync(dir, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.css') && name !== 'styles/tokens.css')
  .map((name) => ({ name, root: postcss.parse(readFileSync(new URL(name, dir), 'utf8')) }));

const CONTROL = /(^|[\s,>+~(])(input|select|textarea|button|summary)\b|\.button\b|\.test-nav__item\b|\.segmented__/;
const textTokens = new Set(TEXT_PAIRS.map(([name]) => name));
const edgeTokens = new Set(CONTROL_PAIRS.map(([name]) => name));
const keywords = new Set(['inherit', 'currentcolor', 'transparent', 'none', '0']);

function colourTokens(value: string): string[] {
  return [...value.matchAll(/var\((--color-[a-z-]+)\)/g)].map((match) => match[1]!);
}

function declarations(test: (decl: Declaration) => boolean) {
  const found: Array<{ where: string; decl: Declaration }> = [];
  for (const { name, root } of sheets) {
    root.walkDecls((decl) => {
      if (test(decl)) found.push({ where: `${name}:${decl.source?.start?.line}`, decl });
    });
  }
  return found;
}

describe('colours in the stylesheets', () => {
  it('reads every stylesheet but the tokens', () => {
    expect(sheets.map((sheet) => sheet.name)).toEqual(
      expect.arrayContaining(['styles/app.css', 'styles/forms.css', 'components/countdown.css']),
    );
  });

  it('draws text only in colours tested at 4.5:1', () => {
    for (const { where, decl } of declarations((decl) => decl.prop === 'color')) {
      const value = decl.value.toLowerCase();
      if (keywords.has(value)) continue;
      const tokens = colourTokens(decl.value);
      expect(tokens.length, `${where} ${decl.value}`).toBeGreaterThan(0);
      for (const token of tokens) expect(textTokens, `${where} ${decl.value}`).toContain(token);
    }
  });

  it('draws the edges of controls only in colours tested at 3:1', () => {
    const edges = declarations((decl) => {
      const rule = decl.parent?.type === 'rule' ? (decl.parent as unknown as { selector: string }) : null;
      return (
        !!rule && CONTROL.test(rule.selector) && /^(border(-[a-z]+)?-color|border|outline(-color)?)$/.test(decl.prop)
      );
    });
    expect(edges.length).toBeGreaterThan(5);
    for (const { where, decl } of edges) {
      for (const token of colourTokens(decl.value)) expect(edgeTokens, `${where} ${decl.value}`).toContain(token);
    }
  });
});
