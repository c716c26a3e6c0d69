import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '#bff/auth/require-user.server';
import { isImageMaterial } from '#bff/rest/scenarios.server';
import { pageNotFound, requireDigitsId } from '~/route-params';

/**
 * `/lk/scenarios/{id}/files/{n}`: the scenario's n-th material, streamed from the upstream through the portal.
 * Images open in place; any other file downloads under its own name.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = Number(requireDigitsId(params, request));
  const index = Number(params.n);
  if (!/^\d+$/.test(params.n ?? '') || id > 2_147_483_647) throw pageNotFound(new URL(request.url).pathname);
  await requireUser(request, context);
  const scenario = await context.rest.scenarios.byId(id);
  const material = scenario.materials[index - 1];
  if (!material) throw pageNotFound(new URL(request.url).pathname);
  return context.rest.files.stream(
    material.path,
    request,
    isImageMaterial(material) ? {} : { download: material.name },
  );
}
