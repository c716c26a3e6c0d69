import { createServer } from 'node:net';
import { defineConfig, devices } from '@playwright/test';

/** A port nobody is listening on; computed once and inherited by the workers through the environment. */
async function freePort(): Promise<string> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(String(address.port)) : reject()));
    });
  });
}

process.env.E2E_PORT ??= await freePort();
process.env.E2E_UPSTREAM_PORT ??= await freePort();
const baseURL = `http://localhost:${process.env.E2E_PORT}`;

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
    { name: 'js', use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'no-js', use: { ...devices['Desktop Chrome'], channel: undefined, javaScriptEnabled: false } },
  ],
  webServer: {
    command: 'node --import tsx scripts/start.ts',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    // The servers' JSON logs would bury the test report; their errors still come through stderr.
    stdout: 'ignore',
    env: {
      PORT: process.env.E2E_PORT,
      UPSTREAM_PORT: process.env.E2E_UPSTREAM_PORT,
      UPSTREAM_DB: ':memory:',
      UPSTREAM_FAULTS: 'true',
      PUBLIC_ORIGIN: baseURL,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_ADDRESS: '1000',
      REST_TIMEOUT_MS: '2000',
      REST_RETRY_BASE_MS: '50',
      REST_RETRY_MAX_MS: '200',
    },
  },
});
