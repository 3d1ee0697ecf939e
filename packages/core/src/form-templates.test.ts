import { describe, expect, it } from "vitest";
import { capabilityOf } from "./field-types";
import { parseFormDefinition } from "./form-definition";
import { FORM_TEMPLATES, formTemplate } from "./form-templates";

describe("form templates", () => {
  it("are valid definition files whose fields all render and are all placed", () => {
    for (const template of FORM_TEMPLATES) {
      const def = parseFormDefinition(template.definition);
      expect(def.fields.every((f) => capabilityOf(f.type).renderable), template.id).toBe(true);
      const placed = JSON.stringify(def.blocks);
      for (const f of def.fields) expect(placed, `${template.id}.${f.name}`).toContain(`"field":"${f.name}"`);
    }
    expect(new Set(FORM_TEMPLATES.map((t) => t.id)).size).toBe(FORM_TEMPLATES.length);
    expect(formTemplate("order")?.name).toBe("Order");
    expect(formTemplate("nope")).toBeUndefined();
  });
});
