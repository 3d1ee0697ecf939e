import { describe, expect, it } from "vitest";
import { UNSAFE_URL_MESSAGE, type FormBlock } from "@fieldwork/core";
import { blockPanelReducer, blockProblems, draftContent, formattedKeys, hasPanel, initBlockPanel, isDirty, toContent } from "./block-panel-state";

const block = (over: Partial<FormBlock>): FormBlock => ({
  id: "b1", form_id: "f", form_page_id: null, parent_id: null, type: "header", local_index: 0, created_at: "", form_field_id: null,
  v_hidden: null, contains_payment: false, title_html: null, description_html: null, body_html: null, src: null, data: null, ...over,
} as FormBlock);

describe("the block panel's state", () => {
  it("offers the keys the type has: no payment for sections, nothing for dividers", () => {
    expect(initBlockPanel({ block: block({ type: "section" }), fresh: true }).keys).toEqual(["title_html", "description_html"]);
    expect(initBlockPanel({ block: block({ type: "html" }), fresh: false }).keys).toEqual(["body_html"]);
    expect(initBlockPanel({ block: block({ type: "image" }), fresh: false }).keys).toEqual(["src", "title_html"]);
    expect(hasPanel({ type: "divider" })).toBe(false);
    expect(hasPanel({ type: "field" })).toBe(false);
  });

  it("shows stored titles as text and saves typed text as escaped paragraphs", () => {
    let state = initBlockPanel({ block: block({ title_html: "<p>Tea &amp; cake</p>" }), fresh: false });
    expect(state.draft.title_html).toBe("Tea & cake");
    expect(isDirty(state)).toBe(false);
    state = blockPanelReducer(state, { type: "edit", key: "description_html", value: "Bring <3\nfriends" });
    expect(toContent(state)).toEqual({ description_html: "<p>Bring &lt;3<br>friends</p>" });
  });

  it("sends nothing for an untouched title stored as bare text (the default 'Heading')", () => {
    const state = initBlockPanel({ block: block({ title_html: "Heading" }), fresh: true });
    expect(toContent(state)).toEqual({});
    expect(draftContent(state)).toEqual({ title_html: "<p>Heading</p>", description_html: null });
  });

  it("clears a key emptied by the owner", () => {
    const state = blockPanelReducer(initBlockPanel({ block: block({ type: "html", body_html: "<p>Text</p>" }), fresh: false }), { type: "edit", key: "body_html", value: "  " });
    expect(toContent(state)).toEqual({ body_html: null });
  });

  it("refuses a source that is not http(s) or a path on this site", () => {
    const start = initBlockPanel({ block: block({ type: "image" }), fresh: true });
    const edit = (value: string) => blockPanelReducer(start, { type: "edit", key: "src", value });
    expect(blockProblems(edit("javascript:alert(1)"))).toEqual({ src: UNSAFE_URL_MESSAGE });
    expect(blockProblems(edit("https://example.com/a.png"))).toEqual({});
    expect(blockProblems(edit("/files/a.png"))).toEqual({});
    expect(blockProblems(edit(""))).toEqual({});
    expect(toContent(edit(" https://example.com/a.png "))).toEqual({ src: "https://example.com/a.png" });
  });

  it("keeps the server's refusal until the next edit", () => {
    let state = blockPanelReducer(initBlockPanel({ block: block({}), fresh: false }), { type: "save-started" });
    state = blockPanelReducer(state, { type: "save-refused", message: "Nope" });
    expect(state).toMatchObject({ saving: false, refusal: "Nope" });
    expect(blockPanelReducer(state, { type: "edit", key: "title_html", value: "x" }).refusal).toBeNull();
  });

  it("warns when a title's formatting would be dropped", () => {
    expect(formattedKeys(initBlockPanel({ block: block({ title_html: "<p><strong>Bold</strong></p>" }), fresh: false }))).toEqual(["title_html"]);
  });
});
