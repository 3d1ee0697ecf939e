import { describe, expect, it } from "vitest";
import { LANGUAGES } from "@fieldwork/core";
import { languageChoices } from "./theme-options";

describe("the theme page's language choices", () => {
  it("offers the thirteen languages the public form speaks, each by its English and own name", () => {
    const choices = languageChoices("en");
    expect(choices.map((c) => c.value)).toEqual([...LANGUAGES]);
    expect(choices.find((c) => c.value === "ko")?.label).toBe("Korean · 한국어 (ko)");
    expect(choices.find((c) => c.value === "ar")?.label).toBe("Arabic · العربية (ar)");
  });

  it("keeps an older form's other tag selectable, saying its buttons stay English", () => {
    const choices = languageChoices("sv");
    expect(choices[0]).toEqual({ value: "sv", label: "Swedish (sv, buttons in English)" });
    expect(choices).toHaveLength(LANGUAGES.length + 1);
    expect(languageChoices("not a tag!")[0]).toEqual({ value: "not a tag!", label: "not a tag! (not a tag!, buttons in English)" });
  });
});
