/** Which index kind each operator asks for, limited to the kinds a column may have. */
import { parseReadQuery, type FormField } from "@fieldwork/core";
import { describe, expect, it } from "vitest";
import { wantedIndexes } from "./index-wants";

const field = (name: string, type: string, multiple = false) => ({ name, type, multiple }) as unknown as FormField;
const FIELDS = [
  field("name", "text"), field("email", "email"), field("bio", "textarea"), field("age", "number"),
  field("plan", "radio"), field("country", "country"), field("tags", "checkboxes"), field("vip", "checkbox"), field("data", "json"),
];
const wants = (query: string) =>
  wantedIndexes(FIELDS, parseReadQuery(new URLSearchParams(query))).map((w) => `${w.column}:${w.kind}`);

describe("wantedIndexes", () => {
  it("asks a btree for comparisons and sorts, a trigram for patterns, a GIN for list operators", () => {
    expect(wants("age=gt.3&email=eq.a&order=age.desc,email")).toEqual(["age:btree", "email:btree"]);
    expect(wants("email=ilike.*ada*&name=like.A*")).toEqual(["email:trgm", "name:trgm"]);
    expect(wants("tags=cs.{red}&age=in.(1,2)")).toEqual(["tags:gin", "age:btree"]);
    expect(wants("or=(age.lt.3,email.ilike.*x*)")).toEqual(["age:btree", "email:trgm"]);
  });

  it("asks nothing a column may not have: no trigram on choices, no btree on long text, none for booleans or json", () => {
    expect(wants("plan=ilike.*fr*&country=like.D*")).toEqual([]);
    expect(wants("plan=eq.free&country=in.(DE,FR)")).toEqual(["plan:btree", "country:btree"]);
    expect(wants("bio=eq.x&order=name")).toEqual([]);
    expect(wants("vip=eq.true&data=eq.{}")).toEqual([]);
  });

  it("asks nothing for negations, `is`, system columns or unknown names", () => {
    expect(wants("age=not.gt.3&not.or=(email.eq.a,age.eq.1)&email=is.null")).toEqual([]);
    expect(wants("order=created_at.desc&local_index=gt.5&nope=eq.1")).toEqual([]);
  });
});
