import { describe, expect, it } from "vitest";
import { FormDefinition } from "../form-definition";
import { browserMessages } from "./catalogues";
import { NO_BUTTON_LABELS, readButtonLabels, withButtonLabels } from "./button-labels";

describe("a form's own button labels", () => {
  it("replace the language's Back, Next, Submit and Pay; empty ones keep the default", () => {
    const ko = browserMessages("ko");
    const messages = withButtonLabels(ko, { back: null, next: "  계속  ", submit: "Send it", pay: " " });
    expect(messages["button.next"]).toBe("계속");
    expect(messages["button.submit"]).toBe("Send it");
    expect(messages["button.back"]).toBe(ko["button.back"]);
    expect(messages["button.pay"]).toBe(ko["button.pay"]);
    // Every other sentence is the language's, and the shared catalogue is not changed.
    expect(messages["field.required"]).toBe(ko["field.required"]);
    expect(browserMessages("ko")["button.submit"]).not.toBe("Send it");
    expect(withButtonLabels(ko, NO_BUTTON_LABELS)).toBe(ko);
  });

  it("reads stored labels defensively: anything not a short string is no label", () => {
    expect(readButtonLabels(undefined)).toEqual(NO_BUTTON_LABELS);
    expect(readButtonLabels([1])).toEqual(NO_BUTTON_LABELS);
    expect(readButtonLabels({ back: 3, next: "x".repeat(41), submit: " Go ", pay: "" })).toEqual({ back: null, next: null, submit: "Go", pay: null });
  });

  it("are part of the theme of a definition: null by default, at most 40 characters", () => {
    expect(FormDefinition.parse({ title: "T" }).theme.button_labels).toEqual(NO_BUTTON_LABELS);
    expect(FormDefinition.parse({ title: "T", theme: { button_labels: { submit: "Register" } } }).theme.button_labels)
      .toEqual({ ...NO_BUTTON_LABELS, submit: "Register" });
    expect(FormDefinition.safeParse({ title: "T", theme: { button_labels: { submit: "x".repeat(41) } } }).success).toBe(false);
    expect(FormDefinition.safeParse({ title: "T", theme: { button_labels: { finish: "Done" } } }).success).toBe(false);
  });
});
