import { describe, expect, it } from "vitest";
import type { Me } from "../api/types";
import { initialSession, sessionReducer } from "./session-state";
import { initialResource, resourceReducer, viewOf, type ResourceState } from "./resource-state";

const me = { user: { id: "u1", email: "a@b.c", name: "Ada" }, organizations: [], csrf_token: "t" } as unknown as Me;

describe("sessionReducer", () => {
  it("loads, then forgets the user on reset and loads again", () => {
    const ready = sessionReducer(initialSession, { type: "loaded", me, generation: 0 });
    expect(ready).toMatchObject({ status: "ready", me });
    const reset = sessionReducer(ready, { type: "reset" });
    expect(reset).toMatchObject({ status: "loading", me: null, generation: 1 });
  });

  it("drops answers of an older generation", () => {
    const reset = sessionReducer(initialSession, { type: "reset" });
    expect(sessionReducer(reset, { type: "loaded", me, generation: 0 })).toBe(reset);
    expect(sessionReducer(reset, { type: "failed", message: "x", generation: 0 })).toBe(reset);
  });

  it("keeps the failure message until a retry", () => {
    const failed = sessionReducer(initialSession, { type: "failed", message: "Server down", generation: 0 });
    expect(failed).toMatchObject({ status: "failed", message: "Server down" });
    expect(sessionReducer(failed, { type: "retry" })).toMatchObject({ status: "loading", message: null, generation: 1 });
  });
});

describe("resourceReducer", () => {
  const start = resourceReducer<string[]>(initialResource as ResourceState<string[]>, { type: "start", key: "p1" });

  it("loads a key and ignores answers for another one", () => {
    expect(start).toMatchObject({ status: "loading", key: "p1" });
    expect(resourceReducer(start, { type: "succeed", key: "p0", data: ["old"] })).toBe(start);
    expect(resourceReducer(start, { type: "succeed", key: "p1", data: ["a"] })).toMatchObject({ status: "ready", data: ["a"] });
    expect(resourceReducer(start, { type: "fail", key: "p1", message: "Nope", code: "NOT_FOUND" })).toMatchObject({ status: "failed", code: "NOT_FOUND" });
  });

  it("keeps showing the data while the same key reloads, and shows loading for a new key", () => {
    const ready = resourceReducer(start, { type: "succeed", key: "p1", data: ["a"] });
    expect(resourceReducer(ready, { type: "start", key: "p1" })).toBe(ready);
    expect(viewOf(ready, "p2")).toMatchObject({ status: "loading", key: "p2", data: null });
    expect(resourceReducer(ready, { type: "reload" }).generation).toBe(1);
  });
});
