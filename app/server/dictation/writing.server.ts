import { redirect, type AppLoadContext } from '@remix-run/node';
import { isUpstreamError, pageStatusOf, toErrorPage, type UpstreamError } from '#bff/rest/errors.server';

/**
 * Saving a dictation's text from the portal, shared by the writing page's action (a form without
 * JavaScript) and the autosave route (with it): the upstream's answer as an outcome each caller can show.
 */

export type SaveOutcome =
  /** The server holds exactly the text sent: never said of a text it did not keep. */
  | { outcome: 'saved'; revision: number; savedAt: string }
  /**
   * Another tab or device saved a different text at this revision or above, and the server kept theirs: the
   * page shows both and the participant chooses.
   */
  | { outcome: 'conflict'; text: string; revision: number; savedAt: string | null }
  /** The time ran out: the text stays as last saved in time. */
  | { outcome: 'late'; text: string; savedAt: string | null }
  /** Submitted already, or not open for writing: the page, reloaded, says which. */
  | { outcome: 'closed' }
  | { outcome: 'unknown' }
  | { outcome: 'failed'; status: number };

/** HTTP status of each outcome, for the autosave route and the page's action alike. */
export const OUTCOME_STATUS: Record<SaveOutcome['outcome'], number> = {
  saved: 200,
  conflict: 409,
  late: 409,
  closed: 410,
  unknown: 404,
  failed: 502,
};

export async function saveDictationText(
  context: AppLoadContext,
  code: string,
  value: { text: string; revision: number },
  finish = false,
): Promise<SaveOutcome> {
  const saved = await save(context, code, value, finish);
  context.metrics.dictationSave(saved.outcome);
  return saved;
}

async function save(
  context: AppLoadContext,
  code: string,
  value: { text: string; revision: number },
  finish: boolean,
): Promise<SaveOutcome> {
  try {
    if (finish) {
      const done = await context.rest.dictation.finish({ code, ...value });
      return { outcome: 'saved', revision: done.revision, savedAt: done.finishedAt };
    }
    return { outcome: 'saved', ...(await context.rest.dictation.save({ code, ...value })) };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    return outcomeOf(context, code, error);
  }
}

async function outcomeOf(context: AppLoadContext, code: string, error: UpstreamError): Promise<SaveOutcome> {
  if (error.failure !== 'rejected') return { outcome: 'failed', status: pageStatusOf(error) };
  const reason = error.errors[0]?.code;
  if (error.status === 404) return { outcome: 'unknown' };
  if (reason === 'text_changed') {
    const session = await context.rest.dictation.open(code).catch(() => null);
    if (!session) return { outcome: 'failed', status: 502 };
    return { outcome: 'conflict', text: session.text, revision: session.revision, savedAt: session.savedAt };
  }
  if (reason === 'time_over') {
    const session = await context.rest.dictation.open(code).catch(() => null);
    return { outcome: 'late', text: session?.text ?? '', savedAt: session?.savedAt ?? null };
  }
  if (error.status === 410 || reason === 'not_started') return { outcome: 'closed' };
  return { outcome: 'failed', status: pageStatusOf(error) };
}

/**
 * «Начать диктант» on the link's page: the upstream starts the clock (once; later starts keep it), and the page,
 * loaded again, shows the writing form — or says why not (not open yet, submitted, unknown link).
 */
export async function startWriting(context: AppLoadContext, code: string): Promise<Response> {
  try {
    await context.rest.dictation.start(code);
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    if (error.failure !== 'rejected') throw toErrorPage(error);
  }
  return redirect(`/dictation/${code}`, 303);
}
