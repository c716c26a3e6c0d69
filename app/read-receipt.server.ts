import type { AppLoadContext } from '@remix-run/node';
import type { ReplySection } from '#contract';

/**
 * A speculative load (a link prefetched on hover, the browser's prerender) is nobody looking: it must not spend
 * the «new» marks of what it fetched.
 */
export function isSpeculative(request: Request): boolean {
  const purpose = `${request.headers.get('Sec-Purpose') ?? ''} ${request.headers.get('Purpose') ?? ''}`;
  return /prefetch|prerender/i.test(purpose);
}

/**
 * The read receipt of ADR 026: once a page has read the items it is about to show, those shown as new are
 * marked seen, by id, so an answer that arrives meanwhile stays new. It is the one state a GET changes: the
 * user's own «seen» marks, idempotent and harmless to repeat. Failing to mark is logged, never the page's error:
 * the item is simply shown as new once more.
 */
export async function markShownAsSeen(
  request: Request,
  context: AppLoadContext,
  section: ReplySection,
  items: ReadonlyArray<{ id: number; unseen: boolean }>,
): Promise<void> {
  const ids = items.filter((item) => item.unseen).map((item) => item.id);
  if (ids.length === 0 || isSpeculative(request)) return;
  try {
    await context.rest.replies.markSeen({ section, ids: ids.slice(0, 100) });
  } catch (error) {
    if (error instanceof Response) throw error;
    context.log.warn({ err: error, section }, 'read receipt not stored');
  }
}
