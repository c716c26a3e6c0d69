import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '#bff/request/require-user.server';
import { isImageMaterial } from '~/server/materials.server';
import { resourceNotFound, resourceRoute } from '#bff/not-found.server';
import { readId } from '~/server/route-params';

/**
 * `/lk/law-week/materials/{id}`: a material of an event or a theme of the law week, found in the (shared,
 * cached) programme and themes and streamed from the upstream through the portal. Images open in place; any
 * other file downloads under its own name.
 */
export const loader = resourceRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const id = readId(params, request);
  await requireUser(request, context);
  const [program, themes] = await Promise.all([context.rest.lawWeek.program(), context.rest.lawWeek.themes()]);
  const material = [
    ...program.flatMap((day) => day.events.flatMap((event) => event.materials)),
    ...themes.flatMap((theme) => theme.materials),
  ].find((candidate) => candidate.id === id);
  if (!material) return resourceNotFound();
  return context.rest.files.stream(
    material.path,
    request,
    isImageMaterial(material) ? {} : { download: material.name },
  );
});
