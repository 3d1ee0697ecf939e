/**
 * The form's side of embedding (docs/embedding.md), loaded only when the form runs in a frame
 * (embed-events.ts): it posts the six events of spec 1 §7 and the content height to the
 * parent — to the parent's origin only (`parentOrigin`), never to `*` — and listens for
 * nothing. Field values never leave the frame: `change` names the field.
 */
import {
  embedEventMessage, embedResizeMessage, parentOrigin, PARAM, PARAM_PREFIX,
  type EmbedEventData, type EmbedEventType, type EmbedMessage,
} from "@fieldwork/core";

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
    new URLSearchParams(location.search).get(PARAM.embed_origin),
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
  document.addEventListener("change", (event) => {
    const name = (event.target as HTMLInputElement | null)?.name;
    if (name && !name.startsWith(PARAM_PREFIX)) send(embedEventMessage("change", form_id, { name }));
  });
  send(embedEventMessage("messaging_interface_ready", form_id, {}));
  resize();
}

/** Posts one event to the parent; the first call starts the bridge. */
export function post<T extends EmbedEventType>(type: T, form_id: string, data: EmbedEventData[T]): void {
  if (target === undefined) start(form_id);
  send(embedEventMessage(type, form_id, data));
}
