import js from '@eslint/js';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The lab (lab/: the cluster, the hosts, the machines, the bench) builds on the portal and the upstream; nothing of
 * theirs imports it back, so what ships never depends on it.
 */
const notLab = {
  regex: '(^|/)lab/',
  message: 'The portal (app, bff, contract, shared, scripts) and the upstream never import the lab (lab/).',
};

/** Client code never imports the BFF. Route modules may import bff/*.server modules in loaders and actions. */
const appToBff = {
  regex: '(^|/|#)bff/(?!.*\\.server$)',
  message: 'Client code must not import bff/ (type-only imports and *.server modules excepted).',
  allowTypeImports: true,
};

/** What upstream/ may not import: the portal's code. */
const upstreamOutside = {
  regex: '(^|/|#)bff/|(^|/)app/|^~/',
  message: 'upstream/ imports only the contract (#contract), the neutral helpers (#shared/*) and its own files.',
};

/** Inside upstream/ the routes sit on top: only upstream/app.ts and the routes import one. */
const upstreamRoutes = { regex: '(^|/)routes/', message: 'Only upstream/app.ts and the routes import a route module.' };

/** What app/ may not import: the BFF but its *.server modules and types, the contract but its types. */
const appPatterns = [
  notLab,
  appToBff,
  {
    regex: '^#contract$',
    message: 'The contract (upstream paths and schemas) stays on the server: import its types only.',
    allowTypeImports: true,
  },
];

/**
 * `Promise.all([a(), await b()])`: when b() throws, a()'s promise never reaches Promise.all and its rejection is
 * unhandled (issue 47). An await directly in the list of a Promise combinator is refused; one inside a function
 * written in the list is that function's own.
 */
const noAwaitInPromiseList = {
  meta: {
    type: 'problem',
    messages: {
      await:
        'No await in the list of Promise.{{name}}: a promise started before it is left without a handler when it throws. Chain with .then().',
    },
  },
  create(context) {
    const combinators = new Set(['all', 'allSettled', 'any', 'race']);
    return {
      AwaitExpression(node) {
        for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
          if (/Function/.test(parent.type)) return;
          const { callee } = parent;
          const inList = parent.type === 'CallExpression' && child.type === 'ArrayExpression';
          if (inList && callee.object?.name === 'Promise' && combinators.has(callee.property?.name)) {
            context.report({ node, messageId: 'await', data: { name: callee.property.name } });
            return;
          }
        }
      },
    };
  },
};

export default tseslint.config(
  { ignores: ['build/', 'node_modules/', 'playwright-report/', 'test-results/', 'coverage/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { react, 'react-hooks': reactHooks },
    settings: { react: { version: 'detect' } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
      'react/prop-types': 'off',
      // Remix removes bff/*.server modules from the client build (and fails the build if one would leak).
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: appPatterns }],
    },
  },
  {
    // Forms (schema and component together, app/forms/) and components sit below the routes: neither imports one.
    files: ['app/forms/**/*.{ts,tsx}', 'app/components/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...appPatterns,
            {
              regex: '^~/routes/|(^|/)routes/',
              message: 'Forms and components never import a route: a form lives in app/forms/ with its schema.',
            },
          ],
        },
      ],
    },
  },
  {
    // A screen's own server helpers (`*.server.ts`, which Remix keeps out of the browser) may use the contract's
    // values: the schema of a path segment, a file's kind (ADR 046).
    files: ['app/**/*.server.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [notLab, appToBff] }] },
  },
  {
    files: ['upstream/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [notLab, upstreamOutside],
        },
      ],
    },
  },
  {
    // Inside upstream/ the routes sit on top: its data access, mail, PDFs and files never import a route.
    files: ['upstream/*/**/*.ts'],
    ignores: ['upstream/routes/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [notLab, upstreamOutside, upstreamRoutes],
        },
      ],
    },
  },
  {
    // The data access (upstream/db/) sits below the demo content (upstream/seed/), which fills the tables through it.
    files: ['upstream/db/**/*.ts'],
    ignores: ['upstream/db/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            notLab,
            upstreamOutside,
            upstreamRoutes,
            { regex: '(^|/)seed/', message: 'upstream/db/ never imports the seed content (upstream/seed/).' },
          ],
        },
      ],
    },
  },
  {
    // scripts/ holds what the portal itself needs (start, precompress, deploy generation, repository checks).
    files: ['scripts/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [notLab] }] },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            notLab,
            {
              regex: '(^|/|#)(bff|app|upstream)/|^~/|^#contract$',
              message: 'contract/ is the neutral ground everyone depends on: it imports only zod and its own files.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            notLab,
            {
              regex: '(^|/|#)(bff|app|upstream|contract|tests)/|^~/|^#contract$',
              message:
                'shared/ is neutral ground for app/, bff/ and upstream/ (the browser too): it imports only its own files.',
            },
          ],
        },
      ],
    },
  },
  {
    // app/lib/ is the floor of app/ (ADR 049): plain helpers that import nothing else of app/ but types.
    files: ['app/lib/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            notLab,
            {
              regex: '(^|/|#)bff/|^#contract$',
              message: 'app/lib/ runs in the browser too: it imports nothing of bff/ and only types of the contract.',
              allowTypeImports: true,
            },
            {
              regex: '^\\.\\./|^~/(?!lib/)',
              message: 'app/lib/ imports only its own files (and types): everything else in app/ builds on it.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // Every POST form lives in app/forms/ with its schema (docs/architecture.md, "One home for each kind of code").
    files: ['app/**/*.tsx'],
    ignores: ['app/forms/**', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['name.name=/^(form|Form)$/', "name.property.name='Form'"].map((element) => ({
          selector: `JSXOpeningElement[${element}] > JSXAttribute[name.name='method'][value.value=/^post$/i]`,
          message: 'A POST form lives in app/forms/<name>.tsx with its schema; render it from there.',
        })),
      ],
    },
  },
  {
    // A promise nobody handles ends the process (issue 47: a failed refresh took the portal down). Every promise the
    // server or the browser creates is awaited, returned, handed to a combinator, or given a handler; `void` marks one
    // whose failure is handled inside it.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { portal: { rules: { 'no-await-in-promise-list': noAwaitInPromiseList } } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'portal/no-await-in-promise-list': 'error',
    },
  },
  ...bffLayers(),
);

/**
 * bff/ depends on nothing of the app, the reference upstream or the tests, and its folders form layers, so the
 * graph has no cycle: rest (the upstream client) ← state (what instances share) ← session ← request ← server. A folder imports only from the
 * layers below it (and from the files at bff/'s top: config, log, time, context types).
 */
function bffLayers() {
  const outside = {
    regex: '(^|/)(app|upstream|tests|lab)/|^~/',
    message: 'bff/ depends on nothing of the app, the reference upstream, the lab or the tests.',
  };
  // A test of what bff/ keeps in Redis runs against a real redis-server (and Sentinel), started as the lab starts it.
  const testOutside = {
    regex: '(^|/)(app|upstream)/|^~/|(^|/)tests/(?!(state|note)-fixture$)|(^|/)lab/(?!services/redis(-sentinel)?$)',
    message:
      'A bff/ test depends on nothing of the app or the reference upstream; of tests/, only on its fixtures; of the lab, only on its Redis (lab/services/redis, redis-sentinel).',
  };
  const layers = ['rest', 'state', 'session', 'request', 'server'];
  const top = {
    files: ['bff/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [outside] }] },
  };
  return [
    top,
    ...layers
      .map((folder, index) => {
        const above = layers.slice(index + 1);
        const patterns = [outside];
        if (above.length > 0) {
          patterns.push({
            regex: `^\\.\\./(${above.join('|')})/`,
            message: `bff/${folder} may import only from lower layers (${layers.slice(0, index).join(', ') || 'none'}).`,
          });
        }
        // Tests may reach up (a state test seals with the session's sealer) and use the fixtures kept under tests/
        // (tests/state-fixture.ts, tests/note-fixture.ts): no module imports them.
        const tests = [`bff/${folder}/**/*.test.ts`];
        return [
          {
            files: [`bff/${folder}/**/*.ts`],
            ignores: tests,
            rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
          },
          {
            files: tests,
            rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [testOutside] }] },
          },
        ];
      })
      .flat(),
  ];
}
