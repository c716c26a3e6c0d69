import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The one-home and layer rules of eslint.config.js, each shown refusing what it is there to refuse: a rule that
 * stopped matching (a renamed folder, a selector gone stale) would otherwise pass lint in silence.
 */

const root = fileURLToPath(new URL('..', import.meta.url));

// The texts below are no files of the TypeScript project, so the type-aware rules (which need one) are left out.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false, project: null } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

/** The rules a text breaks at a path: the rule of each problem (a parse error's message). */
async function broken(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

const postForm = `import { Form } from '@remix-run/react';
export function Stray() {
  return (
    <Form method="post">
      <button type="submit">Да</button>
    </Form>
  );
}
`;

describe('lint holds one home for each kind of code', () => {
  it('refuses a POST form outside app/forms/, and takes it there', async () => {
    expect(await broken('app/routes/lk/stray.tsx', postForm)).toEqual(['no-restricted-syntax']);
    const plainForm = `export const Stray = () => (\n  <form method="POST" action="/logout">\n    <button type="submit">Выйти</button>\n  </form>\n);\n`;
    expect(await broken('app/components/stray.tsx', plainForm)).toEqual(['no-restricted-syntax']);
    expect(await broken('app/components/stray.tsx', postForm.replace('"post"', '"get"'))).toEqual([]);
    expect(await broken('app/forms/stray.tsx', postForm)).toEqual([]);
  });

  it('refuses a component importing a form, with import … from and with import()', async () => {
    const component = `import { LogoutButton } from '~/forms/logout';\nexport const Menu = LogoutButton;\n`;
    expect(await broken('app/components/account-menu.tsx', component)).toEqual([
      '@typescript-eslint/no-restricted-imports',
    ]);
    const deferred = `export const load = () => import('~/forms/dictation-start');\n`;
    expect(await broken('app/components/dictation/event-registration.tsx', deferred)).toEqual([
      'portal/no-restricted-import-expression',
    ]);
    // The form toolkit (app/components/form/) is no form; routes and forms take forms.
    const toolkit = `import { Field } from '~/components/form/field';\nexport const F = Field;\n`;
    expect(await broken('app/components/stray.tsx', toolkit)).toEqual([]);
    expect(await broken('app/routes/lk/layout.tsx', component)).toEqual([]);
    expect(await broken('app/forms/dictation-event-registration.tsx', deferred)).toEqual([]);
  });

  it('refuses a browser behaviour importing a screen', async () => {
    const hook = `import { Menu } from '~/components/account-menu';\nexport const useMenu = () => Menu;\n`;
    expect(await broken('app/client/use-menu.ts', hook)).toEqual(['@typescript-eslint/no-restricted-imports']);
  });

  it('refuses a module outside its kind’s folder of app/', async () => {
    const plain = 'export const x = 1;\n';
    // A domain's folder of its own (the dictation's was app/dictation/).
    expect(await broken('app/dictation/lead.ts', plain)).toEqual(['portal/one-home']);
    // A hook outside app/client/ (the dictation's autosave sat among its components).
    expect(await broken('app/components/dictation/use-autosave.ts', plain)).toEqual(['portal/one-home']);
    expect(await broken('app/lib/use-thing.ts', plain)).toEqual(['portal/one-home']);
    // A server helper among what the browser loads.
    expect(await broken('app/components/dictation/writing.server.ts', plain)).toEqual(['portal/one-home']);
    expect(await broken('app/lib/lead.server.ts', plain)).toEqual(['portal/one-home']);

    expect(await broken('app/client/dictation/use-autosave.ts', plain)).toEqual([]);
    expect(await broken('app/components/form/use-schema-form.ts', plain)).toEqual([]);
    expect(await broken('app/server/dictation/writing.server.ts', plain)).toEqual([]);
    expect(await broken('app/routes/lk/scenario-filters.server.ts', plain)).toEqual([]);
    expect(await broken('app/root.tsx', plain)).toEqual([]);
  });
});

describe('lint holds the layers for import() too', () => {
  it('refuses app/server/ importing a screen or a form, and takes a schema', async () => {
    const component = `import { EventDates } from '~/components/dictation/event-dates';\nexport const E = EventDates;\n`;
    expect(await broken('app/server/dictation/registration.server.ts', component)).toEqual([
      '@typescript-eslint/no-restricted-imports',
    ]);
    const form = `export const load = () => import('~/forms/dictation-register');\n`;
    expect(await broken('app/server/route-params.ts', form)).toEqual(['portal/no-restricted-import-expression']);
    const schema = `import { registerDictationSchema } from '~/forms/dictation-register.schema';\nexport const s = registerDictationSchema;\n`;
    expect(await broken('app/server/dictation/registration.server.ts', schema)).toEqual([]);
  });

  it('refuses upstream/db/ importing anything above it', async () => {
    const up = `import { reviewText } from '../dictation/review';\nexport const r = reviewText;\n`;
    expect(await broken('upstream/db/dictation.ts', up)).toEqual(['@typescript-eslint/no-restricted-imports']);
    const floor = `import { randomToken } from '../crypto';\nexport const t = randomToken;\n`;
    expect(await broken('upstream/db/dictation.ts', floor)).toEqual([]);
  });

  it('refuses upstream code below the routes importing a route (the waiting letters did)', async () => {
    const mail = `import { registerAuthRoutes } from '../routes/auth';\nexport const r = registerAuthRoutes;\n`;
    expect(await broken('upstream/dictation/waiting-mail.ts', mail)).toEqual([
      '@typescript-eslint/no-restricted-imports',
    ]);
    expect(await broken('upstream/db/users.ts', mail)).toEqual(['@typescript-eslint/no-restricted-imports']);
    const top = `export const load = () => import('./routes/auth');\n`;
    expect(await broken('upstream/server.ts', top)).toEqual(['portal/no-restricted-import-expression']);
    expect(await broken('upstream/app.ts', top)).toEqual([]);
    const route = `import { mailWaitingLetters } from '../dictation/waiting-mail';\nexport const m = mailWaitingLetters;\n`;
    expect(await broken('upstream/routes/auth.ts', route)).toEqual([]);
  });

  it('refuses a lower bff/ layer loading a higher one', async () => {
    const up = `export const load = () => import('../server/app.server');\n`;
    expect(await broken('bff/rest/client.server.ts', up)).toEqual(['portal/no-restricted-import-expression']);
    expect(
      await broken('bff/server/app.server.ts', `export const load = () => import('../rest/client.server');\n`),
    ).toEqual([]);
  });
});

describe('lint holds one sleep', () => {
  it('refuses a promise written around setTimeout in Node code', async () => {
    const sleeps = [
      'export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));\n',
      "export const wait = () => new Promise<string>((resolve) => setTimeout(() => resolve('x'), 30));\n",
      'export const wait = () =>\n  new Promise((r) => {\n    setTimeout(r, 10);\n  });\n',
    ];
    for (const text of sleeps) {
      expect(await broken('lab/services/machines-lab.ts', text)).toEqual(['portal/one-sleep']);
      expect(await broken('app/client/dictation/save-queue.test.ts', text)).toEqual(['portal/one-sleep']);
    }
    // A timer that is cleared (a race with its own cleanup) is no sleep; nor is the browser's code.
    const cleared = `let timer: NodeJS.Timeout | undefined;\nexport const late = new Promise((resolve) => (timer = setTimeout(resolve, 5)));\nclearTimeout(timer);\n`;
    expect(await broken('bff/state/redis-state.server.ts', cleared)).toEqual([]);
    expect(await broken('app/client/countdown.ts', sleeps[0]!)).toEqual([]);
    const node = `import { setTimeout as sleep } from 'node:timers/promises';\nexport const wait = () => sleep(10);\n`;
    expect(await broken('lab/services/machines-lab.ts', node)).toEqual([]);
  });
});
