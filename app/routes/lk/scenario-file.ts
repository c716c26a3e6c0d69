import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '#bff/request/require-user.server';
import { isImageMaterial } from '~/server/materials.server';
import { resourceNotFound, resourceRoute } from '#bff/not-found.server';
import { readId } from '~/server/route-params';

/**
 * `/lk/scenarios/{id}/files/{n}`: the scenario's n-th material, streamed from the upstream through the portal.
 * Images open in place; any other file downloads under its own name.
 */
export const loader = resourceRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const id = readId(params, request);
  const index = readId(params, request, 'n');
  await requireUser(request, context);
  const scenario = await context.rest.scenarios.byId(id);
  const material = scenario.materials[index - 1];
  if (!material) return resourceNotFound();
  return context.rest.files.stream(
    material.path,
    request,
    isImageMaterial(material) ? {} : { download: material.name },
  );
});
