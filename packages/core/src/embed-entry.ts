/**
 * `@fieldwork/core/embed`: the few rules the embed script needs (packages/embed), without the
 * rest of core (zod schemas and all), so `/embed.js` stays a few kB.
 */
export { formPath } from "./public-urls";
export { CUSTOMER_ID_PARAM } from "./share-links";
export * from "./embed-messages";
