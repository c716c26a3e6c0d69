import { recordTransition } from '../db/analytics';
import type { CallRegistrar } from '../http/calls';
import type { Services } from '../services';

export function registerAnalyticsRoutes(calls: CallRegistrar, services: Services): void {
  calls.open('linkTransition', ({ query, session }) => {
    recordTransition(services.db, query.code, session?.userId ?? null, services.now());
    return {};
  });
}
