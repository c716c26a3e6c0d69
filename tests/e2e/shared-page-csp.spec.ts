import { expect, test } from '@playwright/test';

/**
 * ADR 227: a public page the balancer shares names the hashes of its own inline scripts in its CSP instead of a
 * nonce. Chromium runs the page's scripts under that policy and refuses one injected into the shared copy.
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'scripts need JavaScript');

declare global {
  interface Window {
    injected?: string;
    __remixRouter?: unknown;
  }
}

for (const path of ['/', '/dictation', '/login']) {
  test(`${path}: its own scripts run, an injected inline script and handler do not`, async ({ page }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy'))
        refused.push(message.text());
    });
    await page.route(
      (url) => url.pathname === path && url.search === '',
      async (route) => {
        const response = await route.fetch();
        // The copy every visitor without a session gets, as the balancer keeps it.
        expect(response.headers()['cache-control']).toBe('public, s-maxage=5');
        const html = (await response.text()).replace(
          '</body>',
          '<script>window.injected = "inline"</script><img src="/nope.png" onerror="window.injected = \'handler\'"></body>',
        );
        const headers = Object.fromEntries(
          Object.entries(response.headers()).filter(([name]) => !['content-encoding', 'content-length'].includes(name)),
        );
        await route.fulfill({ status: 200, headers, body: html });
      },
    );
    await page.goto(path);
    // Hydrated: the page's own inline scripts (the context and the module bootstrap) ran under their hashes.
    await expect.poll(() => page.evaluate(() => window.__remixRouter !== undefined)).toBe(true);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = "added"';
      document.body.append(script);
    });
    expect(await page.evaluate(() => window.injected)).toBeUndefined();
    await expect.poll(() => refused.length).toBeGreaterThanOrEqual(3);
  });
}
