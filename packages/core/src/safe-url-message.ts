/**
 * What the editor and the server's checks say of a URL `isSafeUrl` refuses. Apart from
 * safe-url.ts, which the public form's first load reads: the form never says it.
 */
export const UNSAFE_URL_MESSAGE = "Use an http: or https: address, or a path on this site.";
