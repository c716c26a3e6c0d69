import type { OutboxMessage } from '../db/outbox';
import { formatMoscowDateTime } from '#shared/moscow-time';
import { escapeHtml } from './html';

/**
 * The dev outbox as a person reads it (issue 37): `/__dev__/outbox` opened in a browser (an `Accept` that
 * asks for HTML) is a page of the letters in the order they were sent, the newest at the bottom, each numbered, with
 * its time in Moscow, its recipient and subject, and its links clickable. Scripts and tests keep the JSON, newest
 * first, as before. Everything shown is escaped: a letter carries what people typed (names, replies).
 */

/** The body with its http(s) links made clickable, all of it escaped. */
function bodyHtml(body: string): string {
  return body
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, i) => (i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join('');
}

/** Whether the request asks for a page rather than data: a browser's navigation does, `fetch` and curl do not. */
export function wantsPage(accept: string | undefined): boolean {
  return /\btext\/html\b/.test(accept ?? '');
}

export function outboxPage(newestFirst: OutboxMessage[], to: string | undefined): string {
  const letters = [...newestFirst].reverse();
  const items = letters
    .map(
      (letter, i) => `<li id="letter-${letter.id}">
  <p class="meta">Письмо ${i + 1} · ${escapeHtml(formatMoscowDateTime(letter.createdAt, { seconds: true }))} · кому: ${escapeHtml(letter.to)}</p>
  <h2>${escapeHtml(letter.subject)}</h2>
  <pre>${bodyHtml(letter.body)}</pre>
</li>`,
    )
    .join('\n');
  const whose = to ? ` для ${escapeHtml(to)}` : '';
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Почта демо-сервера${whose}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 48rem; margin: 0 auto; padding: 1rem; }
ol { list-style: none; padding: 0; }
li { border-top: 1px solid #ccc; padding: 0.5rem 0 1rem; }
h2 { font-size: 1.125rem; margin: 0.25rem 0; }
.meta { color: #555; margin: 0; }
pre { white-space: pre-wrap; font: inherit; margin: 0; }
</style>
</head>
<body>
<h1>Почта демо-сервера${whose}</h1>
<p>Письма, которые демо-сервер «отправил»: настоящей почты он не шлёт. Они идут в том порядке, в каком были
отправлены: самое новое — внизу. Ссылки в письмах можно открыть отсюда. Письма одного адреса:
<code>?to=адрес</code>. Для скриптов тот же адрес отвечает JSON (новые письма первыми).</p>
${letters.length > 0 ? `<ol>\n${items}\n</ol>` : '<p>Писем нет.</p>'}
</body>
</html>`;
}
