/**
 * Peer "vanilla JS" of bench:respondent: the first section drawn with DOM calls, no library
 * (bundled by bench/peers.ts). What a hand-written script-rendered form costs.
 */
import { PEER_FORM_ID, PEER_ROOT_ID, type PeerField, type PeerForm } from "./peer-form";

const form = JSON.parse(document.getElementById(PEER_FORM_ID)!.textContent!) as PeerForm;

function h(tag: string, props: Record<string, string | boolean> = {}, ...children: (Node | string)[]): HTMLElement {
  const el = Object.assign(document.createElement(tag), props);
  el.append(...children);
  return el;
}

function control(field: PeerField): HTMLElement {
  const common = { id: field.name, name: field.name, required: field.required ?? false };
  if (field.type === "select") {
    return h("select", common, h("option", { value: "" }, field.placeholder ?? ""), ...(field.options ?? []).map((o) => h("option", { value: o.value }, o.label)));
  }
  if (field.type === "textarea") return h("textarea", { ...common, placeholder: field.placeholder ?? "" });
  return h("input", { ...common, type: field.type, placeholder: field.placeholder ?? "" });
}

document.getElementById(PEER_ROOT_ID)!.replaceChildren(
  h("form", { method: "post" },
    h("h1", {}, form.title),
    h("h2", {}, form.heading),
    h("p", {}, form.description),
    ...form.fields.map((field) => h("div", {}, h("label", { htmlFor: field.name }, field.label), control(field))),
    h("button", { type: "submit" }, "Next"),
  ),
);
