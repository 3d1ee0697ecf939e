import { describe, expect, it } from "vitest";
import { fontStackOf, paletteOf, safeStyleText, themeAttributesOf } from "./theme";

describe("theme", () => {
  it("maps palette names case-insensitively and falls back to blue", () => {
    expect(paletteOf("Violet")).toBe("violet");
    expect(paletteOf("neon")).toBe("blue");
    expect(paletteOf(null)).toBe("blue");
  });

  it("maps generic font names to stacks and quotes custom names safely", () => {
    expect(fontStackOf("serif")).toMatch(/^ui-serif/);
    expect(fontStackOf("Inter")).toMatch(/^"Inter Variable", "Inter Fallback", ui-sans-serif/);
    expect(fontStackOf("Roboto")).toMatch(/^"Roboto", ui-sans-serif/);
    expect(fontStackOf(`Evil"; } body { x`)).toMatch(/^"Evil body x", /);
  });

  it("derives the colour scheme from the appearance", () => {
    expect(themeAttributesOf({ appearance: "system", palette: "rose", font_family: "sans" })).toMatchObject({
      appearance: "system", palette: "rose", color_scheme: "light dark",
    });
    expect(themeAttributesOf(null).appearance).toBe("light");
  });

  it("keeps owner CSS from closing its style element", () => {
    expect(safeStyleText("a{}</style><script>")).toBe("a{}<\\/style><script>");
  });
});
