import { createContext, useContext } from 'react';
import { useNonce } from '~/lib/nonce';

/**
 * The stylesheet text, provided by entry.server from app/styles/stylesheet.server.ts. In the browser it stays '':
 * the text arrives once, in the HTML, and never in JavaScript.
 */
export const StylesheetContext = createContext('');

/**
 * The `<style>` every document carries, under the response's CSP nonce. Hydration keeps the server's text: React
 * does not patch `dangerouslySetInnerHTML` while hydrating (hence no warning to suppress either), and later
 * renders compare '' with '' and leave the element alone.
 */
export function DocumentStyles() {
  const css = useContext(StylesheetContext);
  return <style nonce={useNonce()} dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />;
}
