import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { freePort } from './lab/services/redis';
import { FROZEN_NOW } from './tests/e2e/frozen-now';

process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_UPSTREAM_PORT ??= String(await freePort());
process.env.E2E_SHOTS_PORT ??= String(await freePort());
process.env.E2E_SHOTS_UPSTREAM_PORT ??= String(await freePort());
const baseURL = `http://localhost:${process.env.E2E_PORT}`;
const shotsURL = `http://localhost:${process.env.E2E_SHOTS_PORT}`;

/** The screenshot servers start only when their project runs: a run of other projects does not pay for them. */
const projectArgs = process.argv.flatMap((arg, i, all) =>
  arg === '--project' ? [all[i + 1] ?? ''] : arg.startsWith('--project=') ? [arg.slice('--project='.length)] : [],
);
const runsScreenshots = projectArgs.length === 0 || projectArgs.includes('screenshots');

const serverEnv = {
  PUBLIC_ORIGIN: baseURL,
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT_PER_ADDRESS: '1000',
  REST_TIMEOUT_MS: '2000',
  REST_RETRY_BASE_MS: '50',
  REST_RETRY_MAX_MS: '200',
  UPSTREAM_DB: ':memory:',
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    locale: 'ru-RU',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'js',
      testIgnore: 'screenshots.spec.ts',
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'no-js',
      testIgnore: 'screenshots.spec.ts',
      use: { ...devices['Desktop Chrome'], channel: undefined, javaScriptEnabled: false },
    },
    // `npx playwright test --project screenshots --update-snapshots=all` regenerates every picture (docs/development.md).
    {
      name: 'screenshots',
      testMatch: 'screenshots.spec.ts',
      snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: shotsURL, reducedMotion: 'reduce' },
      expect: { toHaveScreenshot: { animations: 'disabled', caret: 'hide', maxDiffPixelRatio: 0.01 } },
    },
  ],
  // Started one after the other, so the first builds the portal (when stale) before the second starts.
  webServer: [
    {
      command: 'node --import tsx scripts/start.ts',
      url: `${baseURL}/robots.txt`,
      reuseExistingServer: false,
      timeout: 180_000,
      // The servers' JSON logs would bury the test report; their errors still come through stderr.
      stdout: 'ignore',
      env: {
        ...serverEnv,
        PORT: process.env.E2E_PORT,
        UPSTREAM_PORT: process.env.E2E_UPSTREAM_PORT,
        UPSTREAM_FAULTS: 'true',
      },
    },
    ...(runsScreenshots
      ? [
          {
            command: 'node --import tsx scripts/start.ts',
            url: `${shotsURL}/robots.txt`,
            reuseExistingServer: false,
            timeout: 180_000,
            stdout: 'ignore' as const,
            env: {
              ...serverEnv,
              PUBLIC_ORIGIN: shotsURL,
              PORT: process.env.E2E_SHOTS_PORT,
              UPSTREAM_PORT: process.env.E2E_SHOTS_UPSTREAM_PORT,
              E2E_FROZEN_NOW: FROZEN_NOW,
              NODE_OPTIONS: `--import=${fileURLToPath(new URL('tests/e2e/frozen-clock.mjs', import.meta.url))}`,
            },
          },
        ]
      : []),
  ],
});
