/**
 * The Node line the portal is built, tested and measured on (package.json `engines`). `npm start`,
 * `npm test` and the cluster take it from `node_modules/.bin/node` (the `node-linux-*` package); a production
 * start on an older Node is refused rather than run on a runtime without security support.
 */
export const NODE_MAJOR = 24;

/** Why this runtime cannot run the portal, or `null` when it can. */
export function unsupportedRuntime(version = process.versions.node): string | null {
  const major = Number(version.split('.')[0]);
  return major >= NODE_MAJOR
    ? null
    : `Портал работает на Node ${NODE_MAJOR} и новее, а запущен на Node ${version}: запускайте его через npm (npm start) или Node из node_modules/.bin.`;
}
