import { decodeHtml } from './harness';

/** What a reader of the page sees first: the text of its one <h1>, tags stripped. */
export function headingOf(html: string): string | null {
  const match = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return match ? decodeHtml(match[1]!.replace(/<[^>]+>/g, '')).trim() : null;
}

export function titleOf(html: string): string | null {
  const match = /<title>([\s\S]*?)<\/title>/.exec(html);
  return match ? decodeHtml(match[1]!) : null;
}

/** The signed-in viewer's name as the header shows it, or null for a guest. */
export function viewerNameOf(html: string): string | null {
  const match = /class="account-menu__name">([^<]*)</.exec(html);
  return match ? decodeHtml(match[1]!) : null;
}

/** The text of a form field's error (`<p id="…-email-error">`), empty when there is none. */
export function fieldErrorOf(html: string, field: string): string | null {
  const match = new RegExp(`id="[^"]*-${field}-error"[^>]*>([\\s\\S]*?)</p>`).exec(html);
  return match ? decodeHtml(match[1]!.replace(/<[^>]+>/g, '')).trim() : null;
}

/** The text of the errors of the whole form, in the form's error summary (FormAlert). */
export function formAlertOf(html: string): string {
  const match = /class="form-alert__messages">([\s\S]*?)<\/div>/.exec(html);
  return match
    ? decodeHtml(match[1]!.replace(/<[^>]+>/g, ' '))
        .replace(/\s+/g, ' ')
        .trim()
    : '';
}

/** Traces a reviewer would flag in an error page: stack frames and source paths. */
export function stackTraceIn(body: string): string | null {
  const match =
    /\n\s+at [^\n]+|\bat [\w.<>]+ \((?:file:|\/)[^)]*\)|(?:\/work\/|\/home\/|node_modules\/)[\w./-]+|\b[\w/-]+\.(?:server\.)?tsx?:\d+/.exec(
      body,
    );
  return match ? match[0] : null;
}
