import { describe, expect, it } from "vitest";
import type { FormField } from "@fieldwork/core";
import { postedDefaults } from "./posted-defaults";

const field = (name: string, type: FormField["type"], over: Partial<FormField> = {}) => ({
  id: name, name, label: null, type, placeholder: null, help_text: null, required: false, readonly: false, pattern: null,
  step: null, min: null, max: null, autocomplete: null, accept: null, multiple: false, is_array: false, data: null,
  v_value: null, upload: null, resolve: null, storage: null, reference: null, options_inventory: null, options: [], optgroups: [], ...over,
}) as FormField;

describe("postedDefaults: what a refused native post puts back into the form", () => {
  const fields = [
    field("name", "text"), field("agree", "checkbox"), field("extras", "checkboxes"), field("plan", "radio"),
    field("sizes", "select", { multiple: true }), field("secret", "password"), field("note", "textarea"),
  ];

  it("keeps what was posted: the last value of a single field, every chosen value of a multiple one", () => {
    const posted = new Map([["name", ["Ada", "Ada L."]], ["agree", ["on"]], ["extras", ["mug", "", "pen"]], ["plan", ["team"]], ["sizes", ["s"]]]);
    expect(postedDefaults(fields, posted)).toEqual({ name: "Ada L.", agree: "on", extras: ["mug", "pen"], plan: "team", sizes: ["s"], secret: null });
  });

  it("empties what a native post leaves out (an unchecked box, no option), over any saved answer, and never returns a password", () => {
    const posted = new Map([["secret", ["hunter2"]]]);
    expect(postedDefaults(fields, posted)).toEqual({ agree: "", extras: [], plan: null, sizes: [], secret: null });
  });
});
