import siteHeader from '../components/site-header.css?inline';
import accountMenu from '../components/account-menu.css?inline';
import screenIntro from '../components/screen-intro.css?inline';
import errorPage from '../components/error-page.css?inline';
import siteFooter from '../components/site-footer.css?inline';
import navigationProgress from '../components/navigation-progress.css?inline';
import facts from '../components/ui/facts.css?inline';
import welcomeNotice from '../forms/welcome-notice.css?inline';
import countdown from '../components/countdown.css?inline';
import sessionWarning from '../components/session-warning.css?inline';
import resultsCount from '../components/results-count.css?inline';
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
 * The whole stylesheet of the portal, inlined into every document's head: about 8 KB gzip, so a phone
 * paints with the HTML alone instead of waiting a round trip for render-blocking files, and a client-side
 * navigation finds every screen's rules already there. Server-only: the text must not reach the client bundle.
 * Cascade order as the `<link>`s had it: the base (layout), the rules of single components (each beside its
 * component in app/components/), forms, shared components, then the screens' own files, the materials list
 * after the screens that show it. A new screen's or component's stylesheet is added here.
 */
export const stylesheet = [
  app,
  siteHeader,
  accountMenu,
  screenIntro,
  errorPage,
  siteFooter,
  navigationProgress,
  facts,
  welcomeNotice,
  countdown,
  sessionWarning,
  resultsCount,
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
