/**
 * The error a piece of a composite widget throws when it is rendered outside its container
 * (spec 1 §8: "Using the media viewer, carousel or file uploader outside its container raises
 * a misuse error"): a programming mistake, so it throws during render and names both parts.
 */
export class WidgetMisuseError extends Error {
  override name = "WidgetMisuseError";
  constructor(readonly piece: string, readonly container: string) {
    super(`<${piece}> must be used within <${container}>.`);
  }
}

/** `value` from the container's context, or the misuse error when there is none. */
export function requireContainer<T>(value: T | null | undefined, piece: string, container: string): T {
  if (value === null || value === undefined) throw new WidgetMisuseError(piece, container);
  return value;
}
