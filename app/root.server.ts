import type { LoaderFunctionArgs } from '@remix-run/node';
import { runEntryFlows } from '#bff/request/entry-flows.server';
import { getViewer } from '#bff/request/viewer.server';
import { SESSION_COUNTDOWN } from '#bff/session/session.server';

/** Only what the UI needs: never tokens, never the session. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await runEntryFlows(request, context);
  const viewer = await getViewer(context);
  return {
    product: context.config.product,
    viewer,
    buildId: context.buildId,
    // Public forms only: signed-in pages need no honeypot (and skip the signature it costs).
    honeypot: viewer ? null : context.honeypot.getInputProps(),
    // docs/product.md §4.6: the page signs the user out when this runs out; it restarts with every page load.
    sessionCountdownMs: viewer ? SESSION_COUNTDOWN : null,
  };
}
