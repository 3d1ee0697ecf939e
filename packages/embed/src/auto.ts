/**
 * The browser entry of `/embed.js` (built by scripts/build-embed.mjs): on load it embeds every
 * `[data-fieldwork-form]` element of the page — a container gets the form's frame, an iframe
 * is adopted — and exposes `window.Fieldwork.embed(target, options)` for pages that embed by
 * code. The form's host is the origin this script was loaded from.
 */
import { embedForm, type EmbedOptions, type EmbeddedForm } from "./index";

const script = document.currentScript as HTMLScriptElement | null;
const host = script?.src ? new URL(script.src).origin : location.origin;
const embedded = new WeakMap<HTMLElement, EmbeddedForm>();

/** Options read from a placeholder's data attributes. */
function optionsOf(element: HTMLElement): EmbedOptions | null {
  const formId = element.dataset.fieldworkForm;
  if (!formId) return null;
  const params = Object.fromEntries(new URLSearchParams(element.dataset.fieldworkParams ?? ""));
  const customerId = element.dataset.fieldworkCustomerId;
  return { host, formId, params, ...(customerId ? { customerId } : {}), ...(element.title ? { title: element.title } : {}) };
}

function embed(target: HTMLElement, options?: Partial<EmbedOptions>): EmbeddedForm | null {
  const existing = embedded.get(target);
  if (existing) return existing;
  const fromData = optionsOf(target);
  const merged = { host, ...fromData, ...options } as EmbedOptions;
  if (!merged.formId) return null;
  const form = embedForm(target, merged);
  embedded.set(target, form);
  return form;
}

function scan() {
  for (const element of document.querySelectorAll<HTMLElement>("[data-fieldwork-form]")) embed(element);
}

declare global {
  interface Window {
    Fieldwork?: { embed: typeof embed; scan: typeof scan };
  }
}

window.Fieldwork = { embed, scan };
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", scan, { once: true });
else scan();
