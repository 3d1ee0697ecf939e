import { describe, expect, it } from "vitest";
import { FormDefinition } from "@fieldwork/core";
import { outlineOf, plainText } from "./form-outline";

describe("outlineOf", () => {
  const definition = FormDefinition.parse({
    title: "Signup",
    fields: [
      { name: "email", type: "email", label: "Email <b>address</b>", required: true },
      { name: "plan", type: "select", label: null, options: [{ value: "free" }] },
      { name: "note", type: "textarea", label: "Anything else?" },
      { name: "unused", type: "text", label: "Not placed" },
    ],
    blocks: [
      { type: "header", title_html: "<h2>Welcome &amp; hello</h2>" },
      { type: "section", title_html: "<p>About you</p>", children: [
        { type: "field", field: "email" },
        { type: "group", children: [{ type: "field", field: "plan" }, { type: "divider" }] },
      ] },
      { type: "section", title_html: null, children: [{ type: "html", body_html: "<p>Last step.</p>" }, { type: "field", field: "note" }] },
    ],
  });

  it("lists sections in order with their questions, groups flattened and loose blocks in their own section", () => {
    expect(outlineOf(definition)).toEqual([
      { title: null, items: [{ kind: "content", label: "Heading: Welcome & hello" }] },
      { title: "About you", items: [
        { kind: "field", name: "email", label: "Email address", type: "email", required: true },
        { kind: "field", name: "plan", label: "plan", type: "select", required: false },
        { kind: "content", label: "Divider" },
      ] },
      { title: null, items: [{ kind: "content", label: "Text: Last step." }, { kind: "field", name: "note", label: "Anything else?", type: "textarea", required: false }] },
    ]);
  });

  it("is empty for a form without blocks, and reads owner HTML as text", () => {
    expect(outlineOf({ fields: [], blocks: [] })).toEqual([]);
    expect(plainText("<script>x</script>&lt;b&gt; &nbsp;ok")).toBe("x <b> ok");
  });
});
