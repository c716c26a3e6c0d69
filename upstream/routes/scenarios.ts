import { findScenario, listScenarios } from '../db/scenarios';
import type { CallRegistrar } from '../http/calls';
import { notFound } from '../http/envelope';
import type { Services } from '../services';

/** Scenarios are the same for everyone: the token is accepted but changes nothing. */
export function registerScenarioRoutes(calls: CallRegistrar, services: Services): void {
  calls.open('scenariosList', ({ query }) => listScenarios(services.db, query));

  calls.open('scenarioById', ({ query }) => {
    const scenario = findScenario(services.db, query.id);
    if (!scenario) throw notFound();
    return scenario;
  });
}
