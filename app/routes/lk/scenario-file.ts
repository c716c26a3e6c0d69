import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '#bff/auth/require-user.server';
import { isImageMaterial } from '#bff/rest/materials.server';
import { pageNotFound, requireDigitsId } from '~/route-params';

const copy = { notFound: 'Файл не найден.' };

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
  // A resource route has no error page: a short text, as files.stream answers for a file the upstream lacks.
  if (!material)
    return new Response(copy.notFound, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return context.rest.files.stream(
    material.path,
    request,
    isImageMaterial(material) ? {} : { download: material.name },
  );
}
