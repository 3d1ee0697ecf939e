import { describe, expect, it } from "vitest";
import { submitResult } from "./embed-bridge";

describe("the submit result an embedding page is told", () => {
  const base = "https://forms.example.com/d/e/f1";

  it("is ok for a completed submit, and names the code or the page of a refused one", () => {
    expect(submitResult({ kind: "complete", redirect: "/d/e/f1/complete?response=3" }, base)).toEqual({ phase: "result", ok: true });
    expect(submitResult({ kind: "badge", error: { code: "MISSING_REQUIRED_HIDDEN_FIELDS", message: "m" } }, base))
      .toEqual({ phase: "result", ok: false, code: "MISSING_REQUIRED_HIDDEN_FIELDS" });
    expect(submitResult({ kind: "redirect", url: "/d/e/f1/formclosed?oops=FORM_CLOSED_WHILE_RESPONDING" }, base))
      .toEqual({ phase: "result", ok: false, code: "formclosed" });
  });
});
