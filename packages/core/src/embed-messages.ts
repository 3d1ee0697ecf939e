/**
 * The window messages between an embedded form and the page that embeds it (spec 1 §7
 * "Embedding events"), in one place: the form builds them, the embed script reads them with
 * `parseEmbedMessage` and drops anything else. Every message carries `EMBED_NAMESPACE`, a
 * `type`, the `form_id` and the event's own payload under `data`. `resize` is not one of the
 * six events: it is the form telling the script its content height. This module imports
 * nothing, so the form's lazy bridge (embed-bridge.ts) shares no chunk with its first load.
 */

/**
 * The namespace of window messages posted to an embedding page: the spec's "product-specific
 * namespace string for forms" for this product (docs/embedding.md).
 */
export const EMBED_NAMESPACE = "fieldwork.forms";

/** Events a form posts to the page that embeds it (spec 1 §7 "Embedding events"). */
export const EMBED_EVENT_TYPES = [
  "submit", "change", "form_view_loaded", "messaging_interface_ready", "hashchange", "popstate",
] as const;
export type EmbedEventType = (typeof EMBED_EVENT_TYPES)[number];

/** The message that carries the form's content height, in CSS pixels. */
export const EMBED_RESIZE = "resize";
/**
 * The URL parameter in which the embed script names the embedding page's origin
 * (`parentOrigin`); under PARAM_PREFIX, so a submit never takes it for a field.
 */
export const EMBED_ORIGIN_PARAM = "__fw_embed_origin";
/** Heights past this are taken as hostile or broken and ignored. */
export const EMBED_MAX_HEIGHT = 100_000;
/** Longest field name, hash or error code a message may carry. */
const MAX_TEXT = 512;

/** What each event carries (docs/embedding.md). Field values never leave the frame. */
export interface EmbedEventData {
  /** `start` when the visitor submits; `result` with `ok` and, when refused, the error `code`. */
  submit: { phase: "start" } | { phase: "result"; ok: true } | { phase: "result"; ok: false; code: string };
  /** A field's value changed: its name (not its value). */
  change: { name: string };
  /** The form is on screen and interactive: its section count. */
  form_view_loaded: { sections: number };
  /** The form listens and posts from now on. */
  messaging_interface_ready: Record<string, never>;
  /** The frame's `location.hash` changed. */
  hashchange: { hash: string };
  /** The frame's history moved (back, forward, fragment navigation). */
  popstate: { hash: string };
}

export type EmbedEventMessage = {
  [T in EmbedEventType]: { namespace: typeof EMBED_NAMESPACE; type: T; form_id: string; data: EmbedEventData[T] };
}[EmbedEventType];

export interface EmbedResizeMessage {
  namespace: typeof EMBED_NAMESPACE;
  type: typeof EMBED_RESIZE;
  form_id: string;
  height: number;
}

export type EmbedMessage = EmbedEventMessage | EmbedResizeMessage;

export function embedEventMessage<T extends EmbedEventType>(type: T, form_id: string, data: EmbedEventData[T]): EmbedEventMessage {
  return { namespace: EMBED_NAMESPACE, type, form_id, data } as EmbedEventMessage;
}

export function embedResizeMessage(form_id: string, height: number): EmbedResizeMessage {
  return { namespace: EMBED_NAMESPACE, type: EMBED_RESIZE, form_id, height: Math.ceil(height) };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === "string" && value.length <= MAX_TEXT;

/** The payload of `type` rebuilt from `data` with only the known keys, or null when it does not fit. */
function eventData(type: EmbedEventType, data: Record<string, unknown>): EmbedEventData[EmbedEventType] | null {
  switch (type) {
    case "submit":
      if (data.phase === "start") return { phase: "start" };
      if (data.phase !== "result") return null;
      if (data.ok === true) return { phase: "result", ok: true };
      return data.ok === false && isText(data.code) ? { phase: "result", ok: false, code: data.code } : null;
    case "change":
      return isText(data.name) && data.name !== "" ? { name: data.name } : null;
    case "form_view_loaded":
      return Number.isInteger(data.sections) && (data.sections as number) >= 0 ? { sections: data.sections as number } : null;
    case "messaging_interface_ready":
      return {};
    case "hashchange":
    case "popstate":
      return isText(data.hash) ? { hash: data.hash } : null;
  }
}

/**
 * A message from a form frame as the embed script may trust it: the namespace, a known type,
 * a form id and a payload of the documented shape (rebuilt, so no extra keys or getters pass);
 * null for anything else. Checking the sender's origin and frame is the caller's part.
 */
export function parseEmbedMessage(value: unknown): EmbedMessage | null {
  if (!isRecord(value) || value.namespace !== EMBED_NAMESPACE || !isText(value.form_id) || value.form_id === "") return null;
  const { type, form_id } = value;
  if (type === EMBED_RESIZE) {
    const height = value.height;
    return typeof height === "number" && Number.isFinite(height) && height >= 0 && height <= EMBED_MAX_HEIGHT
      ? { namespace: EMBED_NAMESPACE, type: EMBED_RESIZE, form_id, height: Math.ceil(height) }
      : null;
  }
  if (typeof type !== "string" || !(EMBED_EVENT_TYPES as readonly string[]).includes(type) || !isRecord(value.data)) return null;
  const data = eventData(type as EmbedEventType, value.data);
  return data ? ({ namespace: EMBED_NAMESPACE, type, form_id, data } as EmbedEventMessage) : null;
}

/**
 * The origin a form frame posts to: the parent's origin as the browser reports it
 * (`location.ancestorOrigins`, Chromium and Safari), else the one the embed script named in
 * the URL (`EMBED_ORIGIN_PARAM`), else the referrer's. Only an http(s) origin; null for none
 * (the form then posts nothing: never to `*`). A wrong named origin is harmless: the browser
 * delivers a message only when the target origin matches the parent.
 */
export function parentOrigin(candidates: readonly (string | null | undefined)[]): string | null {
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate);
      if (url.protocol === "http:" || url.protocol === "https:") return url.origin;
    } catch {
      // not a URL: try the next
    }
  }
  return null;
}
