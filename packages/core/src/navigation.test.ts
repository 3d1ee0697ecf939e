import { describe, expect, it } from "vitest";
import { initNavigation, navigationButtons, navigationProgress, navigationReducer, type NavigationState } from "./navigation";

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

  describe("with sections hidden by logic", () => {
    const go = (s: NavigationState, ...types: ("next" | "back")[]) => types.reduce((acc, type) => navigationReducer(acc, { type }), s);
    const hide = (s: NavigationState, ...ids: string[]) => navigationReducer(s, { type: "hidden_sections", hidden_section_ids: ids });

    it("steps over a hidden section with Next and Back", () => {
      const s = initNavigation(["a", "b", "c"], [], ["b"]);
      expect(go(s, "next").current_section_id).toBe("c");
      expect(go(s, "next", "back").current_section_id).toBe("a");
      expect(go(s, "next", "next").current_section_id).toBe("c");
    });

    it("visits the section again once it is shown", () => {
      const s = hide(initNavigation(["a", "b", "c"], [], ["b"]));
      expect(go(s, "next").current_section_id).toBe("b");
      expect(navigationProgress(s)).toEqual({ position: 1, total: 3 });
    });

    it("counts shown sections only in the progress", () => {
      const s = initNavigation(["a", "b", "c"], [], ["b"]);
      expect(navigationProgress(s)).toEqual({ position: 1, total: 2 });
      expect(navigationProgress(go(s, "next"))).toEqual({ position: 2, total: 2 });
    });

    it("shows Submit on the last shown section, and no Back before the first shown one", () => {
      const s = initNavigation(["a", "b", "c"], [], ["c"]);
      expect(navigationButtons(s)).toEqual({ back: false, next: true, submit: false, pay: false });
      expect(navigationButtons(go(s, "next"))).toEqual({ back: true, next: false, submit: true, pay: false });
      const firstHidden = initNavigation(["a", "b", "c"], [], ["a"]);
      expect(firstHidden.current_section_id).toBe("b");
      expect(navigationButtons(firstHidden)).toEqual({ back: false, next: true, submit: false, pay: false });
    });

    it("keeps Pay on a shown payment section, and skips a hidden one", () => {
      const paid = initNavigation(["a", "pay", "c"], ["pay"]);
      expect(navigationButtons(go(paid, "next"))).toEqual({ back: true, next: false, submit: false, pay: true });
      const skipped = hide(paid, "pay");
      expect(navigationButtons(go(skipped, "next"))).toEqual({ back: true, next: false, submit: true, pay: false });
      expect(go(skipped, "next").current_section_id).toBe("c");
      // The last shown section is a payment one: Pay, not Submit.
      expect(navigationButtons(go(hide(paid, "c"), "next"))).toEqual({ back: true, next: false, submit: false, pay: true });
    });

    it("moves off the current section when answers hide it, to the nearest shown one", () => {
      const onB = go(initNavigation(["a", "b", "c", "d"]), "next");
      expect(hide(onB, "b").current_section_id).toBe("c");
      expect(hide(onB, "b", "c").current_section_id).toBe("a");
      expect(hide(onB, "a", "b").current_section_id).toBe("c");
      const onD = go(onB, "next", "next");
      expect(hide(onD, "d", "c").current_section_id).toBe("b");
    });

    it("stays put when the hidden set does not change or another section hides", () => {
      const onB = go(initNavigation(["a", "b", "c"]), "next");
      expect(hide(onB)).toBe(onB);
      const hiddenC = hide(onB, "c");
      expect(hiddenC.current_section_id).toBe("b");
      expect(navigationButtons(hiddenC)).toEqual({ back: true, next: false, submit: true, pay: false });
      expect(hide(hiddenC, "c")).toBe(hiddenC);
    });

    it("offers Submit alone when every section is hidden", () => {
      const s = hide(initNavigation(["a", "b"]), "a", "b");
      expect(navigationButtons(s)).toEqual({ back: false, next: false, submit: true, pay: false });
      expect(navigationProgress(s).total).toBe(0);
    });
  });
});
