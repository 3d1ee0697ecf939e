/**
 * The rules behind the shared widgets of spec 1 §2.3, without a DOM: when the search box is
 * an icon or a 200 px box, which slide a carousel shows next, where a slider's keys take it.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { searchBoxExpanded } from "./search-box-state";
import { canStep, slideAfter } from "./carousel-state";
import { percentOf, snap, valueAtFraction, valueForKey } from "./slider-state";

describe("the collapsing search box", () => {
  it("expands on focus and stays open when left with text in it", () => {
    const open = searchBoxExpanded(false, { type: "focus" });
    expect(open).toBe(true);
    expect(searchBoxExpanded(open, { type: "blur", value: "hopper" })).toBe(true);
  });

  it("collapses when left empty", () => {
    expect(searchBoxExpanded(true, { type: "blur", value: "" })).toBe(false);
  });

  it("Escape collapses it even with text, and the blur Escape causes does not reopen it", () => {
    const escaped = searchBoxExpanded(true, { type: "escape" });
    expect(escaped).toBe(false);
    expect(searchBoxExpanded(escaped, { type: "blur", value: "hopper" })).toBe(false);
  });
});

describe("carousel steps", () => {
  it("a looping carousel goes from the last slide to the first and back", () => {
    expect(slideAfter(2, 3, 1, true)).toBe(0);
    expect(slideAfter(0, 3, -1, true)).toBe(2);
    expect(canStep(0, 3, -1, true)).toBe(true);
  });

  it("a carousel that does not loop stops at its ends, and its controls say so", () => {
    expect(slideAfter(2, 3, 1, false)).toBe(2);
    expect(slideAfter(0, 3, -1, false)).toBe(0);
    expect(canStep(2, 3, 1, false)).toBe(false);
    expect(canStep(0, 3, -1, false)).toBe(false);
    expect(canStep(0, 1, 1, true)).toBe(false); // one slide: nowhere to go
  });

  it("always lands on a slide that exists", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 50 }), fc.nat(), fc.constantFrom<1 | -1>(1, -1), fc.boolean(), (count, at, step, loop) => {
      const next = slideAfter(at % count, count, step, loop);
      return next >= 0 && next < count;
    }));
  });
});

describe("slider values", () => {
  const range = { min: 0, max: 10, step: 0.5 };

  it("keys move by a step, a page, or to the ends", () => {
    expect(valueForKey("ArrowRight", 3, range)).toBe(3.5);
    expect(valueForKey("ArrowDown", 3, range)).toBe(2.5);
    expect(valueForKey("PageUp", 3, range)).toBe(4);
    expect(valueForKey("Home", 3, range)).toBe(0);
    expect(valueForKey("End", 3, range)).toBe(10);
    expect(valueForKey("a", 3, range)).toBeNull();
  });

  it("a click along the track snaps to a step and stays in range", () => {
    expect(valueAtFraction(0.33, range)).toBe(3.5);
    expect(valueAtFraction(-1, range)).toBe(0);
    expect(valueAtFraction(7, range)).toBe(10);
    expect(snap(0.30000000000000004, { min: 0, max: 1, step: 0.1 })).toBe(0.3);
    expect(percentOf(2.5, range)).toBe(25);
  });

  it("any value, even NaN or infinite, snaps into the range", () => {
    fc.assert(fc.property(fc.double(), (value) => {
      const snapped = snap(value, range);
      return snapped >= range.min && snapped <= range.max && Number.isInteger(snapped / range.step);
    }));
  });
});
