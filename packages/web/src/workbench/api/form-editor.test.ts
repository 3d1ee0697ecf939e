import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./http";
import {
  createBlock, createField, createFieldBlock, deleteBlock, deleteField, fetchEditorDocument, fetchFieldAnswers, sortBlock,
  updateBlock, updateEnding, updateField, updateSettings, updateTheme,
} from "./form-editor";

interface Call { url: string; init: RequestInit }

function stubFetch(status: number, body: unknown): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  });
  return calls;
}

const ok = (data: unknown) => ({ data, error: null });
const opts = { csrf_token: "tok" };
const F = "00000000-0000-4000-8000-000000000001";
const B = "00000000-0000-4000-8000-000000000002";
const bodyOf = (call: Call) => JSON.parse(call.init.body as string) as unknown;

afterEach(() => vi.unstubAllGlobals());

describe("form editor reads", () => {
  it("GET the document and a field's answer count with the abort signal, no CSRF header", async () => {
    const calls = stubFetch(200, ok({ answered: 3 }));
    const signal = new AbortController().signal;
    await fetchEditorDocument("f/1", signal);
    await expect(fetchFieldAnswers("f1", F, signal)).resolves.toEqual({ answered: 3 });
    expect(calls.map((c) => [c.url, c.init.method])).toEqual([
      ["/private/editor/forms/f%2F1", "GET"],
      [`/private/editor/forms/f1/fields/${F}/answers`, "GET"],
    ]);
    expect(calls.every((c) => c.init.signal === signal && !(c.init.headers as Record<string, string>)["x-fieldwork-csrf"])).toBe(true);
  });
});

describe("form editor writes", () => {
  it("sends every route's method, path and body with the CSRF token", async () => {
    const calls = stubFetch(200, ok({ revision: 8, field_id: F, block_id: B }));
    await expect(createField("f1", { revision: 1, field: { name: "email", type: "email" }, focus_block_id: null }, opts))
      .resolves.toEqual({ revision: 8, field_id: F, block_id: B });
    await updateField("f1", F, { revision: 2, field: { name: "mail", type: "email" } }, opts);
    await deleteField("f1", F, 3, opts);
    await createBlock("f1", { revision: 4, type: "divider" }, opts);
    await createFieldBlock("f1", { revision: 5, field_id: F }, opts);
    await updateBlock("f1", B, { revision: 6, v_hidden: true }, opts);
    await deleteBlock("f1", B, 7, opts);
    await sortBlock("f1", { revision: 8, block_id: B, to_index: 2 }, opts);
    await updateTheme("f1", { revision: 9, theme: { palette: "rose" } }, opts);
    await updateEnding("f1", { revision: 10, ending: { enabled: true } }, opts);
    await updateSettings("force-close-form", { form_id: F, revision: 11, is_force_closed: true }, opts);
    expect(calls.map((c) => [c.init.method, c.url, bodyOf(c)])).toEqual([
      ["POST", "/private/editor/forms/f1/fields", { revision: 1, field: { name: "email", type: "email" }, focus_block_id: null }],
      ["PATCH", `/private/editor/forms/f1/fields/${F}`, { revision: 2, field: { name: "mail", type: "email" } }],
      ["DELETE", `/private/editor/forms/f1/fields/${F}?revision=3`, {}],
      ["POST", "/private/editor/forms/f1/blocks", { revision: 4, type: "divider" }],
      ["POST", "/private/editor/forms/f1/blocks/field", { revision: 5, field_id: F }],
      ["PATCH", `/private/editor/forms/f1/blocks/${B}`, { revision: 6, v_hidden: true }],
      ["DELETE", `/private/editor/forms/f1/blocks/${B}?revision=7`, {}],
      ["POST", "/private/editor/forms/f1/blocks/sort", { revision: 8, block_id: B, to_index: 2 }],
      ["PATCH", "/private/editor/forms/f1/theme", { revision: 9, theme: { palette: "rose" } }],
      ["PATCH", "/private/editor/forms/f1/ending", { revision: 10, ending: { enabled: true } }],
      ["POST", "/private/editor/settings/force-close-form", { form_id: F, revision: 11, is_force_closed: true }],
    ]);
    for (const call of calls) {
      expect(call.init.headers).toMatchObject({ "Content-Type": "application/json", "x-fieldwork-csrf": "tok" });
      expect(call.init.credentials).toBe("same-origin");
    }
  });

  it("a stale revision throws ApiError 409 REVISION_CONFLICT with the server's message", async () => {
    stubFetch(409, { data: null, error: { code: "REVISION_CONFLICT", message: "The form changed since you loaded it.", current_revision: 12 } });
    const error = await updateBlock("f1", B, { revision: 3, title_html: "Hi" }, opts).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: "REVISION_CONFLICT", message: "The form changed since you loaded it." });
  });
});
