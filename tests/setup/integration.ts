import { afterEach, beforeEach, expect, vi } from 'vitest';

// An unexpected console.error is a failure: the server logs through pino, so anything here is a bug.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void consoleErrors.push(args));
});
afterEach(() => {
  vi.restoreAllMocks();
  expect(consoleErrors, 'console.error was called').toEqual([]);
});
