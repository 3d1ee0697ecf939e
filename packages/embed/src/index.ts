/**
 * Embedding a Fieldwork form: an iframe of `/d/e/{form_id}` plus a typed listener for the
 * events the form posts to its parent window (spec 1 §7 "Embedding events").
 */
import { EMBED_EVENT_TYPES, EMBED_NAMESPACE, formPath, type EmbedEventType } from "@fieldwork/core";

export { EMBED_EVENT_TYPES, type EmbedEventType };

export interface EmbedEvent {
  namespace: typeof EMBED_NAMESPACE;
  type: EmbedEventType;
  form_id: string;
  [key: string]: unknown;
}

export function isEmbedEvent(data: unknown): data is EmbedEvent {
  if (typeof data !== "object" || data === null) return false;
  const event = data as Partial<EmbedEvent>;
  return event.namespace === EMBED_NAMESPACE && (EMBED_EVENT_TYPES as readonly string[]).includes(event.type ?? "")
    && typeof event.form_id === "string";
}

export interface EmbedOptions {
  /** Origin serving the form, e.g. "https://forms.example.com". */
  host: string;
  formId: string;
  /** URL parameters passed to the form (they prefill fields of the same name). */
  params?: Record<string, string>;
  onEvent?: (event: EmbedEvent) => void;
}

/** Puts the form into `container`; returns a function that removes it and its listener. */
export function embedForm(container: HTMLElement, options: EmbedOptions): () => void {
  const url = new URL(formPath(options.formId), options.host);
  for (const [key, value] of Object.entries(options.params ?? {})) url.searchParams.set(key, value);
  const frame = document.createElement("iframe");
  frame.src = url.toString();
  frame.title = "Form";
  frame.style.cssText = "width:100%;min-height:640px;border:0;";
  container.appendChild(frame);
  const origin = url.origin;
  const listener = (message: MessageEvent) => {
    if (message.origin === origin && message.source === frame.contentWindow && isEmbedEvent(message.data)) {
      options.onEvent?.(message.data);
    }
  };
  window.addEventListener("message", listener);
  return () => {
    window.removeEventListener("message", listener);
    frame.remove();
  };
}
