import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { runEntryFlows } from '#bff/request/entry-flows.server';
import { getViewer } from '#bff/request/viewer.server';
import { SESSION_COUNTDOWN } from '#bff/session/session.server';

/** Only what the UI needs: never tokens, never the session. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  let viewer: Awaited<ReturnType<typeof getViewer>>;
  try {
    await runEntryFlows(request, context);
    viewer = await getViewer(context);
  } catch (error) {
    // The provider did not answer a signed-in visitor's session: the 504 page has no root data, so it carries
    // where to write itself.
    if (statusOf(error) === 504)
      throw data({ message: null, contacts: context.config.product.contacts }, { status: 504 });
    throw error;
  }
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

/** The status of a thrown `data(…, { status })` (or Response), else null. */
function statusOf(error: unknown): number | null {
  if (error instanceof Response) return error.status;
  if (typeof error !== 'object' || error === null || !('init' in error)) return null;
  const init = (error as { init?: ResponseInit | null }).init;
  return init?.status ?? null;
}
