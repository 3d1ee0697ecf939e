import { describe, expect, it } from "vitest";
import { EMBED_NAMESPACE } from "@fieldwork/core";
import { isEmbedEvent } from "./index";

describe("isEmbedEvent", () => {
  it("accepts only messages of the forms namespace with a known type", () => {
    expect(isEmbedEvent({ namespace: EMBED_NAMESPACE, type: "submit", form_id: "f" })).toBe(true);
    expect(isEmbedEvent({ namespace: "other", type: "submit", form_id: "f" })).toBe(false);
    expect(isEmbedEvent({ namespace: EMBED_NAMESPACE, type: "explode", form_id: "f" })).toBe(false);
    expect(isEmbedEvent("submit")).toBe(false);
  });
});
