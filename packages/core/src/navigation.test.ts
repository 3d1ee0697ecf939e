import { describe, expect, it } from "vitest";
import { initNavigation, navigationButtons, navigationReducer } from "./navigation";

describe("section navigation", () => {
  it("starts at the first section and stops at both ends", () => {
    let s = initNavigation(["a", "b", "c"]);
    expect(s.current_section_id).toBe("a");
    s = navigationReducer(s, { type: "back" });
    expect(s.current_section_id).toBe("a");
    s = navigationReducer(navigationReducer(navigationReducer(s, { type: "next" }), { type: "next" }), { type: "next" });
    expect(s.current_section_id).toBe("c");
  });

  it("shows Submit only on the last section, and Pay instead of Next on a payment section", () => {
    let s = initNavigation(["a", "b"]);
    expect(navigationButtons(s)).toEqual({ back: false, next: true, submit: false, pay: false });
    s = navigationReducer(s, { type: "next" });
    expect(navigationButtons(s)).toEqual({ back: true, next: false, submit: true, pay: false });
    const paid = initNavigation(["a", "b"], ["a"]);
    expect(navigationButtons(paid)).toEqual({ back: false, next: false, submit: false, pay: true });
  });

  it("shows Submit alone for a form without sections", () => {
    expect(navigationButtons(initNavigation([]))).toEqual({ back: false, next: false, submit: true, pay: false });
  });

  it("tracks submitting", () => {
    const s = navigationReducer(initNavigation([]), { type: "submit_start" });
    expect(s.is_submitting).toBe(true);
    expect(navigationReducer(s, { type: "submit_end" }).is_submitting).toBe(false);
  });
});
