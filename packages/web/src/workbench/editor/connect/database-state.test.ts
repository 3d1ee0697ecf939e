import type { ExternalColumn, ExternalTable, MappedField } from "@fieldwork/core";
import { describe, expect, it } from "vitest";
import { draftProblems, formRefusal, initialTargetDraft, targetDraftReducer } from "./database-state";

const column = (name: string, over: Partial<ExternalColumn> = {}): ExternalColumn => ({
  name, format: "text", sql_type: "text", type: "text", nullable: true, default: null, pk: false, fk: null, enum: null, unique: false, generated: false, ...over,
});
const books: ExternalTable = {
  schema: "public", name: "books", kind: "table", primary_key: ["id"], read_only: false, read_only_reason: null,
  columns: [column("id", { format: "integer", type: "number", nullable: false, default: "nextval('books_id_seq')", pk: true }), column("title", { nullable: false }), column("price", { format: "numeric", type: "number" })],
};
const fields: MappedField[] = [{ id: "f1", name: "title", type: "text" }, { id: "f2", name: "tags", type: "checkboxes", options: [{ value: "a" }] }];

describe("the form's connected-table draft", () => {
  it("starts a picked table from each field to the column of its name, and names what does not fit", () => {
    let state = targetDraftReducer(initialTargetDraft, { type: "connection", connection_id: "c1" });
    state = targetDraftReducer(state, { type: "table", table_key: "public.books", table: books, fields });
    expect(state.mapping).toEqual({ f1: "title" });
    expect(draftProblems(fields, books, state.mapping)).toEqual([]);
    state = targetDraftReducer(state, { type: "column", field_id: "f2", column: "price" });
    expect(draftProblems(fields, books, state.mapping)).toEqual(["tags (checkboxes) does not fit price (numeric)."]);
    state = targetDraftReducer(state, { type: "column", field_id: "f1", column: "" });
    expect(state.mapping).toEqual({ f2: "price" });
    expect(draftProblems(fields, books, state.mapping)).toContain("title is required (not null, no default): map a field to it.");
  });

  it("keeps the server's refusal until the draft changes, and a new connection clears the table", () => {
    let state = targetDraftReducer({ ...initialTargetDraft, connection_id: "c1", table_key: "public.books", mapping: { f1: "title" } }, { type: "sent" });
    state = targetDraftReducer(state, { type: "refused", message: "No." });
    expect(state).toMatchObject({ busy: false, refusal: "No." });
    state = targetDraftReducer(state, { type: "column", field_id: "f1", column: "title" });
    expect(state.refusal).toBe(null);
    expect(targetDraftReducer(state, { type: "connection", connection_id: "c2" })).toMatchObject({ table_key: "", mapping: {} });
  });

  it("a form with a payment field is refused in the catalogue's words", () => {
    expect(formRefusal(fields)).toBe(null);
    expect(formRefusal([...fields, { id: "p", name: "pay", type: "payment" }])).toContain("cannot write into a connected table");
  });
});
