/**
 * The few limits (docs/form-format.md "Limits") the public form checks itself, as plain
 * numbers: `LIMITS` (limits.ts) takes them, and the modules the form's first load reads
 * import them from here, so that load carries these numbers and not the whole `LIMITS` object
 * (webhooks, queries, sessions…), which only the server and the workbench need.
 */

/** URLs owners save: redirects, image and media sources. */
export const URL_LENGTH = 2_048;
/** Field labels, placeholders, help texts, option labels and values, optgroup labels. */
export const LABEL_LENGTH = 2_000;
/** How deep any JSON a client sends may nest (definitions, start pages, request bodies). */
export const JSON_DEPTH = 64;
/** Instances of one array field (`is_array`) in one answer. */
export const ARRAY_ITEMS = 20;
/** Layers of one canvas sketch answer. */
export const SKETCH_LAYERS = 500;
