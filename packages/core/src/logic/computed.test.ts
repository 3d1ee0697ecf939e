import { describe, expect, it } from "vitest";
import type { FormField } from "../form-model";
import { computeFieldValues } from "./computed";
import type { LogicValue } from "./evaluate";

const field = (name: string, type: FormField["type"], v_value: string | null = null) =>
  ({ id: `id-${name}`, name, type, v_value, pattern: null, min: null, max: null, step: null, multiple: false, options: [] }) as Parameters<typeof computeFieldValues>[0][number];
const compute = (fields: ReturnType<typeof field>[], answers: Record<string, LogicValue>) =>
  Object.fromEntries([...computeFieldValues(fields, new Map(Object.entries(answers)))].map(([id, v]) => [id.slice(3), v]));

describe("computeFieldValues", () => {
  it("computes each v_value field from the others, and ignores an answer given for it", () => {
    const fields = [field("price", "number"), field("qty", "number"), field("total", "number", "#/price * #/qty")];
    expect(compute(fields, { price: 3, qty: 4, total: 1 })).toEqual({ total: 12 });
  });

  it("lets computed fields read each other in any order", () => {
    const fields = [field("grand", "number", "#/sub + 1"), field("sub", "number", "#/qty * 2"), field("qty", "number")];
    expect(compute(fields, { qty: 5 })).toEqual({ grand: 11, sub: 10 });
  });

  it("makes every field of a cycle null, and fields that read a cycle see null", () => {
    const fields = [
      field("a", "number", "#/b + 1"), field("b", "number", "#/a ?? 7"), field("c", "number", "#/a ?? 3"),
      field("self", "number", "#/self + 1"), field("free", "number", "2"),
    ];
    expect(compute(fields, {})).toEqual({ a: null, b: null, c: 3, self: null, free: 2 });
  });

  it("finds every member of a cycle whatever order it is reached in", () => {
    const fields = [field("r", "text", "#/a + #/m"), field("a", "text", "#/r"), field("m", "text", "#/a")];
    expect(compute(fields, {})).toEqual({ r: null, a: null, m: null });
  });

  it("stores what the field's own type reads: text of a number, null for what the type refuses", () => {
    const fields = [field("label", "text", "#/n * 2"), field("count", "number", '"many"'), field("agree", "checkbox", "#/n > 1")];
    expect(compute(fields, { n: 2 })).toEqual({ label: "4", count: null, agree: true });
  });

  it("is null for an expression that does not parse (saved before checks, or edited in the database)", () => {
    expect(compute([field("x", "number", "1 +")], {})).toEqual({ x: null });
  });
});
