import type { AppLoadContext } from '@remix-run/node';
import { isPrefetch } from '#bff/request/prefetch.server';
import type { ReplySection } from '#contract';

/**
 * The read receipt: once a page has read the items it is about to show, those shown as new are
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
  if (ids.length === 0 || isPrefetch(request)) return;
  try {
    await context.rest.replies.markSeen({ section, ids: ids.slice(0, 100) });
  } catch (error) {
    if (error instanceof Response) throw error;
    context.log.warn({ err: error, section }, 'read receipt not stored');
  }
}
