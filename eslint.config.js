import { relative, sep } from 'node:path';
import js from '@eslint/js';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The lab (lab/: the cluster, the hosts, the machines, the bench) builds on the portal and the upstream; nothing of
 * theirs imports it back, so what ships never depends on it. Every restriction below carries this one.
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

/** Forms and components sit below the routes. */
const noRouteImport = {
  regex: '^~/routes/|(^|/)routes/',
  message: 'Forms and components never import a route: a form lives in app/forms/ with its schema.',
};

/** app/server/ sits below the routes and beside the forms: it reads a form's schema, never its markup. */
const serverUp = {
  regex: '^~/(routes|components|client)/|(^|/)(routes|components|client)/|^~/forms/(?!.*\\.schema$)',
  message: 'app/server/ imports no route, component, browser behaviour or form (a schema excepted).',
};

/** What app/ may not import: the BFF but its *.server modules and types, the contract but its types. */
const appPatterns = [
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

/**
 * `import('…')` is a value import that `no-restricted-imports` does not see: the deferred forms are loaded that way
 * (ADR 221). This rule holds the same patterns for an `import()` of a written path, so the layers bind it too.
 */
const noRestrictedImportExpression = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: { patterns: { type: 'array', items: { type: 'object' } } },
        additionalProperties: false,
      },
    ],
    messages: { restricted: "'{{path}}' import is restricted from being used by a pattern. {{message}}" },
  },
  create(context) {
    const patterns = (context.options[0]?.patterns ?? []).map(({ regex, message }) => ({
      regex: new RegExp(regex),
      message,
    }));
    return {
      ImportExpression(node) {
        const { source } = node;
        const path =
          source.type === 'Literal'
            ? source.value
            : source.type === 'TemplateLiteral' && source.expressions.length === 0
              ? source.quasis[0].value.cooked
              : null;
        if (typeof path !== 'string') return;
        const pattern = patterns.find(({ regex }) => regex.test(path));
        if (pattern) context.report({ node, messageId: 'restricted', data: { path, message: pattern.message } });
      },
    };
  },
};

/** Import restrictions for `import … from` (no-restricted-imports) and `import()` alike; the lab's always (`lab`
 * replaces it where a narrower one holds). */
function restrictImports(rest, { lab = notLab } = {}) {
  const patterns = lab ? [lab, ...rest] : rest;
  return {
    '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
    'portal/no-restricted-import-expression': ['error', { patterns }],
  };
}

/**
 * app/ has a folder per kind of code (docs/architecture.md, "One home for each kind of code"); a domain's parts
 * go each into its kind's folder. A module whose path puts it in another kind's home is refused.
 */
const APP_HOMES = [
  {
    path: /^app\/(?!(routes|forms|components|client|lib|server|styles)\/)[^/]+\//,
    message:
      "app/ has a folder per kind of code (routes, forms, components, client, lib, server, styles): a domain's parts go each into its kind's folder (app/server/dictation/, app/client/dictation/, app/components/dictation/), not into a folder of the domain.",
  },
  {
    path: /^app\/(?!client\/|components\/form\/)(.+\/)?use-[^/]+\.tsx?$/,
    message:
      "A hook module (use-*.ts) is a browser behaviour: it lives in app/client/ (a domain's in app/client/<domain>/); the form toolkit's own stay in app/components/form/.",
  },
  {
    path: /^app\/(forms|components|client|lib)\/.+\.server\.tsx?$/,
    message: "A server helper lives beside its route or in app/server/ (a domain's in app/server/<domain>/).",
  },
];

const oneHome = {
  meta: { type: 'problem', schema: [], messages: { misplaced: '{{message}}' } },
  create(context) {
    const file = relative(context.cwd, context.filename).split(sep).join('/');
    return {
      Program(node) {
        for (const { path, message } of APP_HOMES) {
          if (path.test(file)) context.report({ node, messageId: 'misplaced', data: { message } });
        }
      },
    };
  },
};

/**
 * One way to wait in Node (issue 46): `setTimeout` of 'node:timers/promises', imported as `sleep` (it takes a value
 * to resolve with and an AbortSignal) — not a promise written around the timer's callback once more.
 */
const oneSleep = {
  meta: {
    type: 'suggestion',
    schema: [],
    messages: {
      sleep:
        "Wait with `import { setTimeout as sleep } from 'node:timers/promises'` (sleep(ms, value, { signal })), not a new Promise around setTimeout.",
    },
  },
  create(context) {
    const resolves = (node, name) =>
      (node?.type === 'Identifier' && node.name === name) ||
      (node?.type === 'ArrowFunctionExpression' &&
        node.params.length === 0 &&
        node.body.type === 'CallExpression' &&
        node.body.callee.type === 'Identifier' &&
        node.body.callee.name === name);
    return {
      NewExpression(node) {
        if (node.callee.type !== 'Identifier' || node.callee.name !== 'Promise') return;
        const [executor] = node.arguments;
        if (!/Function/.test(executor?.type ?? '') || executor.params[0]?.type !== 'Identifier') return;
        let body = executor.body;
        if (body.type === 'BlockStatement') {
          const [only] = body.body;
          body = body.body.length === 1 && only.type === 'ExpressionStatement' ? only.expression : null;
        }
        const timer =
          body?.type === 'CallExpression' && body.callee.type === 'Identifier' && body.callee.name === 'setTimeout';
        if (timer && resolves(body.arguments[0], executor.params[0].name)) context.report({ node, messageId: 'sleep' });
      },
    };
  },
};

const portal = {
  rules: {
    'no-await-in-promise-list': noAwaitInPromiseList,
    'no-restricted-import-expression': noRestrictedImportExpression,
    'one-home': oneHome,
    'one-sleep': oneSleep,
  },
};

export default tseslint.config(
  { ignores: ['build/', 'node_modules/', 'playwright-report/', 'test-results/', 'coverage/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { portal },
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
      ...restrictImports(appPatterns),
    },
  },
  {
    // Forms (schema and component together, app/forms/) and components sit below the routes: neither imports one.
    files: ['app/forms/**/*.{ts,tsx}'],
    rules: restrictImports([...appPatterns, noRouteImport]),
  },
  {
    // A component is markup without a form: the route (or a form) renders the form and hands it in as children.
    files: ['app/components/**/*.{ts,tsx}'],
    rules: restrictImports([
      ...appPatterns,
      noRouteImport,
      {
        regex: '^~/forms/|(^|/)forms/',
        message: 'A component imports no form: the route renders the form (app/forms/), passing it in as children.',
      },
    ]),
  },
  {
    // Browser behaviours (hooks, what only the browser keeps) sit below the screens: they import none of them.
    files: ['app/client/**/*.{ts,tsx}'],
    rules: restrictImports([
      ...appPatterns,
      {
        regex: '^~/(routes|forms|components)/|(^|/)(routes|forms|components)/',
        message: 'app/client/ sits below the screens: it imports no route, form or component.',
      },
    ]),
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    rules: { 'portal/one-home': 'error' },
  },
  {
    // A screen's own server helpers (`*.server.ts`, which Remix keeps out of the browser) may use the contract's
    // values: the schema of a path segment, a file's kind (ADR 207).
    files: ['app/**/*.server.ts'],
    rules: restrictImports([appToBff]),
  },
  {
    // app/server/ serves the routes: it imports no route, component, browser behaviour or form (a schema it may).
    files: ['app/server/**/*.{ts,tsx}'],
    ignores: ['**/*.server.ts'],
    rules: restrictImports([...appPatterns, serverUp]),
  },
  {
    files: ['app/server/**/*.server.ts'],
    rules: restrictImports([appToBff, serverUp]),
  },
  {
    files: ['upstream/**/*.ts'],
    rules: restrictImports([upstreamOutside]),
  },
  {
    // Inside upstream/ the routes sit on top: its data access, mail, PDFs, files and server never import a route.
    files: ['upstream/**/*.ts'],
    ignores: ['upstream/routes/**', 'upstream/app.ts'],
    rules: restrictImports([
      upstreamOutside,
      { regex: '(^|/)routes/', message: 'Only upstream/app.ts and the routes import a route module.' },
    ]),
  },
  {
    // upstream/db/ is the upstream's floor: schema, migrations and queries use no mail, HTTP, PDF or route.
    // The demo content (upstream/seed/) fills the tables through it, never the other way (its tests may seed).
    files: ['upstream/db/**/*.ts'],
    ignores: ['upstream/db/**/*.test.ts'],
    rules: restrictImports([
      upstreamOutside,
      {
        regex: '(^|/)(routes|dictation|http|pdf|seed)/',
        message:
          'upstream/db/ is the floor of upstream/: it imports no route, dictation logic, HTTP, PDF or seed module.',
      },
    ]),
  },
  {
    // scripts/ holds what the portal itself needs (start, precompress, deploy generation, repository checks).
    files: ['scripts/**/*.ts'],
    rules: restrictImports([]),
  },
  {
    files: ['contract/**/*.ts'],
    rules: restrictImports([
      {
        regex: '(^|/|#)(bff|app|upstream)/|^~/|^#contract$',
        message: 'contract/ is the neutral ground everyone depends on: it imports only zod and its own files.',
      },
    ]),
  },
  {
    files: ['shared/**/*.ts'],
    rules: restrictImports([
      {
        regex: '(^|/|#)(bff|app|upstream|contract|tests)/|^~/|^#contract$',
        message:
          'shared/ is neutral ground for app/, bff/ and upstream/ (the browser too): it imports only its own files.',
      },
    ]),
  },
  {
    // app/lib/ is the floor of app/ (ADR 203): plain helpers that import nothing else of app/ but types.
    files: ['app/lib/**/*.{ts,tsx}'],
    rules: restrictImports([
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
    ]),
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
    // The code that runs in Node (the browser's has no node:timers/promises).
    files: ['{bff,upstream,scripts,tests,lab,contract}/**/*.ts', '*.ts', 'app/**/*.test.{ts,tsx}'],
    rules: { 'portal/one-sleep': 'error' },
  },
  {
    // A promise nobody handles ends the process (issue 47: a failed refresh took the portal down). Every promise the
    // server or the browser creates is awaited, returned, handed to a combinator, or given a handler; `void` marks one
    // whose failure is handled inside it.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
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
    regex: '(^|/)(app|upstream|tests)/|^~/',
    message: 'bff/ depends on nothing of the app, the reference upstream or the tests.',
  };
  const testOutside = {
    regex: '(^|/)(app|upstream)/|^~/|(^|/)tests/(?!(state|note)-fixture$)',
    message: 'A bff/ test depends on nothing of the app or the reference upstream; of tests/, only on its fixtures.',
  };
  // A test of what bff/ keeps in Redis runs against a real redis-server (and Sentinel), started as the lab starts it.
  const testLab = {
    regex: '(^|/)lab/(?!services/redis(-sentinel)?$)',
    message: 'Of the lab, a bff/ test uses only its Redis (lab/services/redis, redis-sentinel).',
  };
  const layers = ['rest', 'state', 'session', 'request', 'server'];
  const top = {
    files: ['bff/*.ts'],
    rules: restrictImports([outside]),
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
            rules: restrictImports(patterns),
          },
          {
            files: tests,
            rules: restrictImports([testOutside], { lab: testLab }),
          },
        ];
      })
      .flat(),
  ];
}
