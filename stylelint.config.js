/**
 * CSS lint (ADR 223): the standard rules, and no colour or size literal outside app/styles/tokens.css — every
 * colour, length, type size, radius and shadow is a token, so the contrast test of the tokens covers the page.
 */
const sizeUnits = ['px', 'rem', 'em', 'ex', 'ch', 'pt', 'pc', 'cm', 'mm', 'in', 'q'];

export default {
  extends: ['stylelint-config-standard'],
  plugins: ['stylelint-declaration-strict-value'],
  rules: {
    // Rules are grouped by component, not by specificity.
    'no-descending-specificity': null,
    // iOS Safari still reads only the prefixed text-size-adjust.
    'property-no-vendor-prefix': [true, { ignoreProperties: ['-webkit-text-size-adjust'] }],
    // BEM names (`block__element--modifier`) are the house style.
    'selector-class-pattern': null,
    'color-no-hex': true,
    'color-named': 'never',
    'function-disallowed-list': ['rgb', 'rgba', 'hsl', 'hsla', 'hwb', 'lab', 'lch', 'oklab', 'oklch', 'color'],
    // Media queries cannot read custom properties: their breakpoints are the one exception.
    'unit-disallowed-list': [sizeUnits, { ignoreMediaFeatureNames: { rem: ['width', 'min-width', 'max-width'] } }],
    'scale-unlimited/declaration-strict-value': [
      [
        '/color$/',
        'fill',
        'stroke',
        'font-size',
        'font-family',
        'line-height',
        'border-radius',
        'box-shadow',
        'z-index',
      ],
      { ignoreValues: ['currentcolor', 'transparent', 'inherit', 'none', 'normal', '0', '/^-?\\d+$/'] },
    ],
  },
  overrides: [
    {
      files: ['app/styles/tokens.css'],
      rules: {
        'color-no-hex': null,
        'function-disallowed-list': null,
        'unit-disallowed-list': null,
        'scale-unlimited/declaration-strict-value': null,
      },
    },
  ],
};
