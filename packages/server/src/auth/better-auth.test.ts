import { describe, expect, it } from "vitest";
import { trustedOriginsFor } from "./better-auth";

describe("trustedOriginsFor", () => {
  it("trusts the public origin, and its loopback twin for local installs", () => {
    expect(trustedOriginsFor("https://forms.example.com/")).toEqual(["https://forms.example.com"]);
    expect(trustedOriginsFor("http://localhost:3000")).toEqual(["http://localhost:3000", "http://127.0.0.1:3000"]);
    expect(trustedOriginsFor("http://127.0.0.1:8080")).toEqual(["http://127.0.0.1:8080", "http://localhost:8080"]);
  });
});
