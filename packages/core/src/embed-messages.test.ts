import { describe, expect, it } from "vitest";
import { EMBED_NAMESPACE, embedEventMessage, embedResizeMessage, parentOrigin, parseEmbedMessage } from "./embed-messages";

describe("embed messages", () => {
  it("parses every event the form builds back to itself", () => {
    const messages = [
      embedEventMessage("submit", "f1", { phase: "start" }),
      embedEventMessage("submit", "f1", { phase: "result", ok: true }),
      embedEventMessage("submit", "f1", { phase: "result", ok: false, code: "FORM_SOLD_OUT" }),
      embedEventMessage("change", "f1", { name: "email" }),
      embedEventMessage("form_view_loaded", "f1", { sections: 3 }),
      embedEventMessage("messaging_interface_ready", "f1", {}),
      embedEventMessage("hashchange", "f1", { hash: "#a" }),
      embedEventMessage("popstate", "f1", { hash: "" }),
      embedResizeMessage("f1", 640.2),
    ];
    for (const message of messages) expect(parseEmbedMessage(JSON.parse(JSON.stringify(message)))).toEqual(message);
    expect(embedResizeMessage("f1", 640.2).height).toBe(641);
  });

  it("refuses empty names and form ids, negative counts and over-long text", () => {
    expect(parseEmbedMessage({ namespace: EMBED_NAMESPACE, type: "change", form_id: "f1", data: { name: "" } })).toBeNull();
    expect(parseEmbedMessage({ namespace: EMBED_NAMESPACE, type: "change", form_id: "", data: { name: "a" } })).toBeNull();
    expect(parseEmbedMessage({ namespace: EMBED_NAMESPACE, type: "form_view_loaded", form_id: "f1", data: { sections: -1 } })).toBeNull();
    expect(parseEmbedMessage({ namespace: EMBED_NAMESPACE, type: "hashchange", form_id: "f1", data: { hash: "#".repeat(600) } })).toBeNull();
    expect(parseEmbedMessage({ namespace: EMBED_NAMESPACE, type: "resize", form_id: "f1", height: -4 })).toBeNull();
  });
});

describe("parentOrigin", () => {
  it("takes the first http(s) origin of the candidates, never a wildcard", () => {
    expect(parentOrigin([undefined, "https://shop.example/page?x=1", "https://other.example"])).toBe("https://shop.example");
    expect(parentOrigin(["null", "", "javascript:alert(1)", "http://localhost:5173/"])).toBe("http://localhost:5173");
    expect(parentOrigin(["*", "file:///tmp/a.html"])).toBeNull();
    expect(parentOrigin([])).toBeNull();
  });
});
