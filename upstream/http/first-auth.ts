import type { UpstreamApp } from '../services';
import { escapeHtml } from './html';

/**
 * Stands in for the provider's external first-authorisation site (the portal's FIRST_AUTH_URL in the demo): the
 * portal sends users here with a `backurl`, and the page offers the way back.
 */
export function registerFirstAuthPage(app: UpstreamApp): void {
  for (const path of ['/first-auth', '/first-auth/']) {
    app.get(path, (c) => {
      const backurl = safeBackUrl(c.req.query('backurl'));
      c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
      c.header('Cache-Control', 'no-store');
      return c.html(page(backurl));
    });
  }
}

/** Only absolute http(s) addresses become a link; anything else (javascript:, data:, garbage) gets none. */
function safeBackUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function page(backurl: string | undefined): string {
  const back = backurl
    ? `<p><a href="${escapeHtml(backurl)}">Вернуться на портал</a></p>`
    : '<p>Адрес возврата на портал не указан.</p>';
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Первичная авторизация</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}</style>
</head>
<body>
<main>
<h1>Первичная авторизация</h1>
<p>Здесь пользователь проходит первичную авторизацию на внешнем сайте. В демонстрационной версии этот шаг пропущен.</p>
${back}
</main>
</body>
</html>`;
}
