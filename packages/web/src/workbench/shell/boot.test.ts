import { describe, expect, it } from "vitest";
import { bootKindOf, bootScript } from "./boot";

function runScript(pathname: string): string | undefined {
  const attributes: Record<string, string> = {};
  const documentElement = { setAttribute: (name: string, value: string) => void (attributes[name] = value) };
  new Function("document", "location", bootScript())({ documentElement }, { pathname });
  return attributes["data-fw-boot"];
}

describe("boot frame", () => {
  it("tells account pages, the editor and the workspace apart, in the app and in the head script alike", () => {
    const cases: [string, string][] = [
      ["/sign-in", "auth"], ["/sign-up/", "auth"], ["/", "app"], ["/acme", "app"], ["/acme/web", "app"],
      ["/acme/web/d1", "editor"], ["/acme/web/d1/data/responses", "editor"],
    ];
    for (const [path, kind] of cases) {
      expect(bootKindOf(path), path).toBe(kind);
      expect(runScript(path), path).toBe(kind);
    }
  });
});
