import type { Context } from 'hono';
import { z } from 'zod';
import { contract, type CallName, type CallResult, type Contract } from '#contract';
import type { Services, UpstreamApp, UpstreamEnv } from '../services';
import { optionalSession, requireSession, type SessionInfo } from './auth';
import { ApiFailure, fail, succeed } from './envelope';
import { assertRestHeaders } from './rest-guards';
import { toFieldErrors } from './validation';

export interface CallInput<N extends CallName> {
  query: z.output<Contract[N]['query']>;
  body: z.output<Contract[N]['body']>;
}
type Handler<N extends CallName, S> = (input: CallInput<N> & { session: S }) => CallResult<N> | Promise<CallResult<N>>;

/**
 * Binds handlers to contract calls. The method, path, auth mode and every schema come from the contract, so a
 * handler cannot drift from what the BFF expects: inputs are validated before it runs and its result after.
 */
export function createCallRegistrar(app: UpstreamApp, services: Services) {
  function register<N extends CallName>(name: N, handler: Handler<N, SessionInfo | null>) {
    const def = contract[name];
    app.on(def.method, def.path, async (c) => {
      assertRestHeaders(c);
      const token = c.req.query('token');
      const session =
        def.auth === 'required'
          ? requireSession(services, token)
          : def.auth === 'optional'
            ? optionalSession(services, token)
            : null;
      const input = await parseInput(c, def.query, def.body);
      const result = def.result.safeParse(await handler({ ...(input as CallInput<N>), session }));
      if (!result.success) throw new Error(`${name}: result does not match the contract: ${result.error.message}`);
      return succeed(c, result.data);
    });
  }

  return {
    /** A call whose contract says `auth: 'required'`; the handler always gets a live session. */
    authenticated<N extends CallName>(name: N, handler: Handler<N, SessionInfo>) {
      assertAuth(name, true);
      register(name, handler as Handler<N, SessionInfo | null>);
    },
    /** A call with `auth: 'none'` or `'optional'`; the session is null when no working token came. */
    open<N extends CallName>(name: N, handler: Handler<N, SessionInfo | null>) {
      assertAuth(name, false);
      register(name, handler);
    },
  };
}

function assertAuth(name: CallName, required: boolean): void {
  if ((contract[name].auth === 'required') !== required) {
    throw new Error(`${name}: registered with the wrong auth mode for its contract entry`);
  }
}

async function parseInput(c: Context<UpstreamEnv>, querySchema: z.ZodTypeAny, bodySchema: z.ZodTypeAny) {
  const query = querySchema.safeParse(c.req.query());
  const body = bodySchema instanceof z.ZodUndefined ? undefined : bodySchema.safeParse(await readJsonBody(c));
  const issues = [...(query.success ? [] : query.error.issues), ...(!body || body.success ? [] : body.error.issues)];
  if (issues.length > 0) throw new ApiFailure(400, toFieldErrors(issues));
  return { query: query.data, body: body?.data };
}

async function readJsonBody(c: Context<UpstreamEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (text === '') return undefined;
  // Checked only when a body came, so a missing body is reported per field like any other validation error.
  if (!/^application\/json\b/i.test(c.req.header('Content-Type') ?? '')) {
    throw fail(
      415,
      'unsupported_media_type',
      'Тело запроса должно быть в формате JSON (Content-Type: application/json)',
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw fail(400, 'invalid_json', 'Тело запроса содержит некорректный JSON');
  }
}

export type CallRegistrar = ReturnType<typeof createCallRegistrar>;
