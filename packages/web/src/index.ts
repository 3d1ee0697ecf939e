/** @fieldwork/web: the public form UI. The server imports `@fieldwork/web/ssr`. */
export * from "./ssr";
