import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '#bff/auth/require-user.server';
import { isImageMaterial } from '#bff/rest/materials.server';
import { pageNotFound, requireDigitsId } from '~/route-params';

const copy = { notFound: 'Файл не найден.' };

/**
 * `/lk/law-week/materials/{id}`: a material of an event or a theme of the law week, found in the (shared,
 * cached) programme and themes and streamed from the upstream through the portal. Images open in place; any
 * other file downloads under its own name (ADR 020).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = Number(requireDigitsId(params, request));
  if (id > 2_147_483_647) throw pageNotFound(new URL(request.url).pathname);
  await requireUser(request, context);
  const [program, themes] = await Promise.all([context.rest.lawWeek.program(), context.rest.lawWeek.themes()]);
  const material = [
    ...program.flatMap((day) => day.events.flatMap((event) => event.materials)),
    ...themes.flatMap((theme) => theme.materials),
  ].find((candidate) => candidate.id === id);
  // A resource route has no error page: a short text, as files.stream answers for a file the upstream lacks.
  if (!material)
    return new Response(copy.notFound, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return context.rest.files.stream(
    material.path,
    request,
    isImageMaterial(material) ? {} : { download: material.name },
  );
}
