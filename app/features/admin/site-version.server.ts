/** The running site's version for the admin's footer (package.json, read by the server). */
export { SITE_VERSION } from '#server/version.ts';
