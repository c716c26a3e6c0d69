import { contract, type CallName } from '#contract';

const callByRoute = new Map<string, CallName>(
  (Object.keys(contract) as CallName[]).map((name) => [`${contract[name].method} ${contract[name].path}`, name]),
);

export function callNameFor(method: string, path: string): CallName | undefined {
  return callByRoute.get(`${method} ${path}`);
}

export function isContractPath(path: string): boolean {
  return Object.values(contract).some((call) => call.path === path);
}

/**
 * Requests received per contract call, counted before fault injection and validation, so integration tests can
 * assert how often the portal called (e.g. exactly one refresh for many parallel requests).
 */
export class CallStats {
  private counts = new Map<CallName, number>();

  count(name: CallName): void {
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
  }

  snapshot(): Record<CallName, number> {
    const names = Object.keys(contract) as CallName[];
    return Object.fromEntries(names.map((name) => [name, this.counts.get(name) ?? 0])) as Record<CallName, number>;
  }

  reset(): void {
    this.counts.clear();
  }
}
