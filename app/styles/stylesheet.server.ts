import app from './app.css?inline';
import components from './components.css?inline';
import dictation from './dictation.css?inline';
import forms from './forms.css?inline';
import home from './home.css?inline';
import lawWeek from './law-week.css?inline';
import masterClasses from './master-classes.css?inline';
import materials from './materials.css?inline';
import requests from './requests.css?inline';
import scenarios from './scenarios.css?inline';
import testing from './testing.css?inline';

/**
 * The whole stylesheet of the portal, inlined into every document's head (ADR 033): about 8 KB gzip, so a phone
 * paints with the HTML alone instead of waiting a round trip for render-blocking files, and a client-side
 * navigation finds every screen's rules already there. Server-only: the text must not reach the client bundle.
 * Cascade order as the `<link>`s had it: the base, forms, shared components, then the screens' own files, the
 * materials list after the screens that show it. A new screen's stylesheet is added here.
 */
export const stylesheet = [
  app,
  forms,
  components,
  home,
  dictation,
  testing,
  scenarios,
  masterClasses,
  requests,
  lawWeek,
  materials,
].join('\n');
