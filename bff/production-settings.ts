/**
 * Settings a public deployment must not keep at the values that make the demo run (ADR 217): the examples of
 * `.env.example` are harmless on this machine and wrong in front of users. Pure: config.server.ts passes the
 * parsed environment in.
 */
export interface DeploymentSettings {
  publicOrigin: URL;
  CONTACT_EMAIL: string;
  CONTACT_PHONE: string;
  CONTACT_VK_URL: string;
  CONTACT_TELEGRAM_URL: string;
  SITE_URL: string;
  FIRST_AUTH_URL: string;
  OPERATOR_NAME: string;
  OPERATOR_INN: string;
  OPERATOR_OGRN: string;
  OPERATOR_ADDRESS: string;
  OPERATOR_EMAIL: string;
}

/** The example values of `.env.example` (the schema's defaults). */
export const EXAMPLE_CONTACTS = {
  CONTACT_EMAIL: 'support@example.org',
  CONTACT_PHONE: '8 800 000-00-00',
  CONTACT_VK_URL: 'https://vk.com/',
  CONTACT_TELEGRAM_URL: 'https://t.me/',
  SITE_URL: 'https://example.org/',
} as const;

/**
 * The demo operator of personal data named by `/consent` and `/privacy`: placeholders the operator of a
 * real deployment must replace with its own (152-ФЗ: who processes the data, where to write).
 */
export const EXAMPLE_OPERATOR = {
  OPERATOR_NAME: 'ООО «Демо-оператор»',
  OPERATOR_INN: '0000000000',
  OPERATOR_OGRN: '0000000000000',
  OPERATOR_ADDRESS: '000000, г. Москва, ул. Примерная, д. 1',
  OPERATOR_EMAIL: 'privacy@example.org',
} as const;

/** The reference upstream's stand-in for the provider's first-authorisation site. */
export const REFERENCE_FIRST_AUTH_URL = 'http://127.0.0.1:3001/first-auth/';

export function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || hostname === '::1' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * Why a production start must name its `PUBLIC_ORIGIN`, or null: unset, the origin is `http://localhost:PORT`,
 * which counts as a local run (no placeholder refused, no HSTS, mailed links to localhost), so a server that
 * listens beyond loopback (`HOST=0.0.0.0`, an interface's address or name) must say where people open it.
 */
export function missingPublicOrigin(env: { HOST: string; PUBLIC_ORIGIN?: string }): string | null {
  if (env.PUBLIC_ORIGIN !== undefined || isLoopback(env.HOST)) return null;
  return (
    `is required in production when HOST is not a loopback address (HOST=${env.HOST}): ` +
    'set the address people open, e.g. https://portal.example.ru'
  );
}

/**
 * Each setting still at a placeholder, with why, for a production start on a public origin; nothing for a
 * loopback origin, which stays a local run whatever NODE_ENV says.
 */
export function placeholderSettings(settings: DeploymentSettings): { name: string; message: string }[] {
  if (isLoopback(settings.publicOrigin.hostname)) return [];
  const found: { name: string; message: string }[] = [];
  if (settings.publicOrigin.protocol !== 'https:') {
    found.push({
      name: 'PUBLIC_ORIGIN',
      message: 'a public origin must be https:// (over http cookies lose Secure and __Host-, and there is no HSTS)',
    });
  }
  for (const [name, example] of Object.entries(EXAMPLE_CONTACTS)) {
    if (sameValue(settings[name as keyof typeof EXAMPLE_CONTACTS], example)) {
      found.push({ name, message: `is still the example ${example}: set the real contact` });
    }
  }
  for (const [name, example] of Object.entries(EXAMPLE_OPERATOR)) {
    if (sameValue(settings[name as keyof typeof EXAMPLE_OPERATOR], example)) {
      found.push({ name, message: `is still the demo operator's ${example}: set the operator's own (ADR 217)` });
    }
  }
  const firstAuth = URL.canParse(settings.FIRST_AUTH_URL) ? new URL(settings.FIRST_AUTH_URL) : null;
  if (sameValue(settings.FIRST_AUTH_URL, REFERENCE_FIRST_AUTH_URL) || (firstAuth && isLoopback(firstAuth.hostname))) {
    found.push({
      name: 'FIRST_AUTH_URL',
      message: "points at this machine (the reference upstream's stand-in page): set the provider's address",
    });
  }
  return found;
}

function sameValue(value: string, example: string): boolean {
  const normalise = (text: string) => text.trim().toLowerCase().replace(/\/+$/, '');
  return normalise(value) === normalise(example);
}
