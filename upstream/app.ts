import { Hono } from 'hono';
import { createCallRegistrar } from './http/calls';
import { registerDevTools } from './http/dev-tools';
import { handleErrors, handleNotFound } from './http/errors';
import { FaultRules, injectFaults, registerFaultRoutes } from './http/faults';
import { registerFileRoutes } from './http/files';
import { registerFirstAuthPage } from './http/first-auth';
import { countCalls } from './http/rest-guards';
import { registerAnalyticsRoutes } from './routes/analytics';
import { registerAuthRoutes } from './routes/auth';
import { registerBannerRoutes } from './routes/banners';
import { registerCertificateFile, registerCertificateRoutes } from './routes/certificate';
import { registerProfileRoutes } from './routes/profile';
import { registerRecoveryRoutes } from './routes/recovery';
import { registerScenarioRoutes } from './routes/scenarios';
import { registerWebinarRoutes } from './routes/webinars';
import { registerTenderRoutes } from './routes/tender';
import { registerTestingRoutes } from './routes/testing';
import { registerWeekRoutes } from './routes/week';
import { registerDictationRoutes } from './routes/dictation';
import { registerDictationRegistrationRoute } from './routes/dictation-registration';
import { registerDictationCertificateFile } from './routes/dictation-certificate';
import { registerDictationReadingFile } from './routes/dictation-reading';
import { registerDictationDevTools } from './http/dictation-dev-tools';
import { registerLawWeekRoutes } from './routes/law-week';
import { registerAuthorQuestionRoutes } from './routes/author-questions';
import { registerSupportRoutes } from './routes/support';
import { registerReplyRoutes } from './routes/replies';
import { registerReplyDevTools } from './http/replies-dev-tools';
import { registerCertificateCodeRoutes } from './routes/certificate-codes';
import { registerEarnedCertificateFiles } from './routes/earned-certificates';
import { resolveServices, type UpstreamApp, type UpstreamDeps, type UpstreamEnv } from './services';

export type { UpstreamDeps } from './services';

/**
 * The whole reference upstream as a Hono app, without a listening socket, so unit tests drive it with
 * app.request(). Dev tools and fault injection exist only when switched on; otherwise their paths are 404.
 */
export function createUpstreamApp(deps: UpstreamDeps): UpstreamApp {
  const services = resolveServices(deps);
  const app = new Hono<UpstreamEnv>();

  app.onError(handleErrors(services));
  app.notFound(handleNotFound);

  app.get('/healthz', (c) => c.json({ ok: true }));
  registerFirstAuthPage(app);

  app.use('/rest/*', countCalls(services));
  if (deps.faults) {
    const rules = new FaultRules();
    registerFaultRoutes(app, rules);
    app.use('/rest/*', injectFaults(rules));
  }

  const calls = createCallRegistrar(app, services);
  registerAuthRoutes(calls, services);
  registerRecoveryRoutes(calls, services);
  registerProfileRoutes(calls, services);
  registerAnalyticsRoutes(calls, services);
  registerScenarioRoutes(calls, services);
  registerWebinarRoutes(calls, services);
  registerBannerRoutes(calls, services);
  registerCertificateRoutes(calls, services);
  registerWeekRoutes(calls, services);
  registerTenderRoutes(calls, services);
  registerDictationRoutes(calls, services);
  registerDictationRegistrationRoute(calls, services);
  registerTestingRoutes(calls, services);
  registerLawWeekRoutes(calls, services);
  registerAuthorQuestionRoutes(calls, services);
  registerSupportRoutes(calls, services);
  registerReplyRoutes(calls, services);
  registerCertificateCodeRoutes(calls, services);
  registerCertificateFile(app, services);
  registerDictationCertificateFile(app, services);
  registerEarnedCertificateFiles(app, services);
  registerDictationReadingFile(app, services);
  registerFileRoutes(app);

  if (deps.devTools) registerDevTools(app, services);
  if (deps.devTools) registerDictationDevTools(app, services);
  if (deps.devTools) registerReplyDevTools(app, services);

  return app;
}
