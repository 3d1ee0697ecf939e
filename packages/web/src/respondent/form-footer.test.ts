import { describe, expect, it } from "vitest";
import { buttonVisibility } from "./form-footer";

const first = { back: false, next: true, submit: false, pay: false };

describe("buttonVisibility", () => {
  it("before hydration, marks JS buttons js-only and keeps a no-JS Submit", () => {
    expect(buttonVisibility("next", first, false)).toBe("js");
    expect(buttonVisibility("submit", first, false)).toBe("nojs");
    expect(buttonVisibility("back", first, false)).toBe("none");
    expect(buttonVisibility("submit", { ...first, next: false, submit: true }, false)).toBe("both");
  });

  it("once interactive, shows exactly the navigation buttons", () => {
    expect(buttonVisibility("submit", first, true)).toBe("none");
    expect(buttonVisibility("next", first, true)).toBe("both");
  });
});
