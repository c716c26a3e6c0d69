import { setTimeout as sleep } from 'node:timers/promises';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { UpstreamApp, UpstreamEnv } from '../services';
import { failure, fail } from './envelope';

/**
 * A rule breaks the next matching /rest requests on purpose: slow answers, error statuses, dropped connections,
 * bodies that are not JSON. `times` limits how many requests it breaks; without it the rule stays until cleared.
 */
const faultRuleSchema = z
  .object({
    path: z.string().startsWith('/').optional(),
    latencyMs: z.number().int().min(0).max(600_000).optional(),
    status: z.number().int().min(200).max(599).optional(),
    drop: z.boolean().optional(),
    malformed: z.boolean().optional(),
    times: z.number().int().positive().optional(),
  })
  .strict();
export type FaultRule = z.infer<typeof faultRuleSchema>;

export class FaultRules {
  private rules: Array<FaultRule & { remaining: number }> = [];

  add(rule: FaultRule): number {
    this.rules.push({ ...rule, remaining: rule.times ?? Infinity });
    return this.rules.length;
  }

  clear(): void {
    this.rules = [];
  }

  /** The first live rule for this path, in the order they were added; using it spends one of its `times`. */
  take(path: string): FaultRule | undefined {
    const rule = this.rules.find((r) => r.remaining > 0 && path.startsWith(r.path ?? '/'));
    if (rule) rule.remaining -= 1;
    return rule;
  }
}

export function injectFaults(rules: FaultRules): MiddlewareHandler<UpstreamEnv> {
  return async (c, next) => {
    const rule = rules.take(c.req.path);
    if (!rule) return next();
    if (rule.latencyMs) await sleep(rule.latencyMs);
    if (rule.drop) return dropConnection(c);
    if (rule.malformed) {
      return c.body('<!doctype html><title>502 Bad Gateway</title>', 200, { 'Content-Type': 'application/json' });
    }
    if (rule.status === undefined) return next();
    if ([204, 205, 304].includes(rule.status)) return c.body(null, rule.status as 204);
    return failure(c, rule.status as 500, [{ code: 'injected_fault', message: 'Сбой, вызванный намеренно (тест)' }]);
  };
}

/** Under a real server the socket is destroyed so the client sees a network error; app.request() has no socket. */
function dropConnection(c: Context<UpstreamEnv>): Response {
  const socket = c.env?.incoming?.socket;
  if (!socket) return Response.error();
  socket.destroy();
  return new Response(null, { status: 204 });
}

export function registerFaultRoutes(app: UpstreamApp, rules: FaultRules): void {
  app.post('/__faults__', async (c) => {
    const rule = faultRuleSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!rule.success) throw fail(400, 'invalid_fault', rule.error.issues.map((i) => i.message).join('; '));
    return c.json({ rules: rules.add(rule.data) });
  });
  app.delete('/__faults__', (c) => {
    rules.clear();
    return c.json({ rules: 0 });
  });
}
