import { describe, expect, it } from "vitest";
import { redactTokens } from "./redact";

describe("tokens out of log lines", () => {
  it("redacts API keys, invitation links and signed file URLs' tokens", () => {
    expect(redactTokens("/rest/v1/t?apikey=fwk_abcDEF123")).toBe("/rest/v1/t?apikey=fwk_[redacted]");
    expect(redactTokens("/invite/fwi_xyz")).toBe("/invite/fwi_[redacted]");
    expect(redactTokens("/v1/storage/object/f/r/a.png?token=eyJlIjo.abc-_&width=200")).toBe("/v1/storage/object/f/r/a.png?token=[redacted]&width=200");
    expect(redactTokens("/v1/storage/object/a.png?download=true&TOKEN=x.y")).toBe("/v1/storage/object/a.png?download=true&TOKEN=[redacted]");
    expect(redactTokens("/v1/x?tokens=1")).toBe("/v1/x?tokens=1");
  });
});
