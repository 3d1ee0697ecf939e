/**
 * The form's side of embedding (docs/embedding.md), loaded only when the form runs in a frame
 * (embed-events.ts): it posts the six events of spec 1 §7 and the content height to the
 * parent — to the parent's origin only (`parentOrigin`), never to `*` — and listens for
 * nothing. Field values never leave the frame: `change` names the field.
 */
import {
  EMBED_ORIGIN_PARAM, embedEventMessage, embedResizeMessage, parentOrigin,
  type EmbedEventData, type EmbedMessage,
} from "@fieldwork/core";
import type { SubmitOutcome } from "./submit-outcome";

let target: string | null | undefined;

function send(message: EmbedMessage): void {
  if (!target) return;
  try {
    window.parent.postMessage(message, target);
  } catch {
    // a parent that refuses messages changes nothing for the respondent
  }
}

/** The height of the page's content: the `<main>` column without its full-screen minimum. */
function contentHeight(main: HTMLElement | null): number {
  if (!main) return document.documentElement.scrollHeight;
  return main.getBoundingClientRect().bottom + window.scrollY;
}

function start(form_id: string): void {
  target = parentOrigin([
    location.ancestorOrigins?.[0],
    new URLSearchParams(location.search).get(EMBED_ORIGIN_PARAM),
    document.referrer,
  ]);
  if (!target) return;
  const main = document.querySelector("main");
  // In a frame the column is as tall as its content, so the frame can shrink to it.
  if (main) main.style.minHeight = "0";
  let last = -1;
  const resize = () => {
    const height = Math.ceil(contentHeight(main));
    if (height !== last) send(embedResizeMessage(form_id, (last = height)));
  };
  new ResizeObserver(resize).observe(main ?? document.body);
  const where = (type: "hashchange" | "popstate") => () => send(embedEventMessage(type, form_id, { hash: location.hash }));
  addEventListener("hashchange", where("hashchange"));
  addEventListener("popstate", where("popstate"));
  // Only what the visitor changes fires `change` (the page's own hidden inputs never do).
  document.addEventListener("change", (event) => {
    const name = (event.target as HTMLInputElement | null)?.name;
    if (name) send(embedEventMessage("change", form_id, { name }));
  });
  // A submit starts when the form turns busy (form-view.tsx sets aria-busy while it posts).
  const form = document.querySelector("form");
  if (form) {
    new MutationObserver(() => {
      if (form.getAttribute("aria-busy") === "true") send(embedEventMessage("submit", form_id, { phase: "start" }));
    }).observe(form, { attributes: true, attributeFilter: ["aria-busy"] });
  }
  send(embedEventMessage("messaging_interface_ready", form_id, {}));
  resize();
}

/** What the `submit` result carries (`base`: the page's address, for a relative redirect). */
export function submitResult(outcome: SubmitOutcome | undefined, base = location.href): EmbedEventData["submit"] {
  if (!outcome || outcome.kind === "complete") return { phase: "result", ok: true };
  // A refusal with a page of its own (formclosed, formsoldout…) names that page.
  const code = outcome.kind === "badge" ? outcome.error.code : new URL(outcome.url, base).pathname.split("/").pop() ?? "";
  return { phase: "result", ok: false, code };
}

/** Posts one event of the form's own (the bridge adds the others); the first call starts the bridge. */
export function post(type: "form_view_loaded" | "submit", form_id: string, outcome?: SubmitOutcome): void {
  if (target === undefined) start(form_id);
  send(type === "submit"
    ? embedEventMessage("submit", form_id, submitResult(outcome))
    : embedEventMessage("form_view_loaded", form_id, { sections: document.querySelectorAll("[data-section-id]").length }));
}
