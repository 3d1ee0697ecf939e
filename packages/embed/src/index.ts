/**
 * Embedding a Fieldwork form (docs/embedding.md): an iframe of `/d/e/{form_id}` that takes its
 * content's height, URL parameters for hidden fields, and the form's six events (spec 1 §7)
 * re-emitted to the host page as DOM CustomEvents (`fieldwork:<type>`, bubbling from the
 * iframe) and to an optional callback. The form posts only to this page's origin; this page
 * accepts only its own frame's messages from the form's origin (messages.ts).
 */
import {
  CUSTOMER_ID_PARAM, EMBED_EVENT_TYPES, EMBED_RESIZE, formPath, EMBED_ORIGIN_PARAM,
  type EmbedEventMessage, type EmbedEventType,
} from "@fieldwork/core/embed";
import { acceptedMessage } from "./messages";

export { EMBED_EVENT_TYPES, type EmbedEventMessage, type EmbedEventType };
export { acceptedMessage } from "./messages";

/** The DOM event name a form event is re-emitted under. */
export const domEventName = (type: EmbedEventType) => `fieldwork:${type}`;

export interface EmbedOptions {
  /** Origin serving the form, e.g. "https://forms.example.com" (the script's own origin by default). */
  host: string;
  formId: string;
  /** URL parameters passed to the form (they prefill fields of the same name, hidden ones mostly). */
  params?: Record<string, string>;
  /** A customer's uuid v4 (spec 2 §6): the form's answers count for that customer. */
  customerId?: string;
  /** The frame's accessible name. */
  title?: string;
  onEvent?: (event: EmbedEventMessage) => void;
}

export interface EmbeddedForm {
  frame: HTMLIFrameElement;
  /** Stops listening; removes the frame when this created it. */
  destroy(): void;
}

/** The frame's address: the form, its parameters, and this page's origin for the form to post to. */
export function frameUrl(options: Pick<EmbedOptions, "host" | "formId" | "params" | "customerId">, pageOrigin: string): URL {
  const url = new URL(formPath(options.formId), options.host);
  for (const [key, value] of Object.entries(options.params ?? {})) url.searchParams.set(key, value);
  if (options.customerId) url.searchParams.set(CUSTOMER_ID_PARAM, options.customerId);
  if (pageOrigin.startsWith("http")) url.searchParams.set(EMBED_ORIGIN_PARAM, pageOrigin);
  return url;
}

/**
 * Puts the form into `target` (a container), or adopts `target` when it is already the
 * form's iframe (the iframe snippet); from then on the frame follows the form's height and
 * its events reach the page.
 */
export function embedForm(target: HTMLElement, options: EmbedOptions): EmbeddedForm {
  const adopted = target instanceof HTMLIFrameElement;
  const frame = adopted ? target : document.createElement("iframe");
  if (!adopted) {
    frame.src = frameUrl(options, location.origin).toString();
    frame.title = options.title ?? "Form";
    frame.style.cssText = "display:block;width:100%;height:640px;border:0;";
    target.appendChild(frame);
  }
  const origin = new URL(frame.src, location.href).origin;
  const listener = (event: MessageEvent) => {
    const message = acceptedMessage(event, { origin, source: frame.contentWindow, form_id: options.formId });
    if (!message) return;
    if (message.type === EMBED_RESIZE) {
      frame.style.height = `${message.height}px`;
      return;
    }
    frame.dispatchEvent(new CustomEvent(domEventName(message.type), { bubbles: true, detail: message }));
    options.onEvent?.(message);
  };
  window.addEventListener("message", listener);
  return {
    frame,
    destroy() {
      window.removeEventListener("message", listener);
      if (!adopted) frame.remove();
    },
  };
}
