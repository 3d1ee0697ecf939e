import { describe, expect, it } from "vitest";
import { sanitizeOwnerHtml } from "./owner-html";

describe("sanitizeOwnerHtml", () => {
  it("keeps formatting and drops scripts, handlers and javascript: links", () => {
    expect(sanitizeOwnerHtml("<p>Your answers are <b>in</b>.</p>")).toBe("<p>Your answers are <b>in</b>.</p>");
    expect(sanitizeOwnerHtml('<p>Hi<script>alert(1)</script></p>')).toBe("<p>Hi</p>");
    expect(sanitizeOwnerHtml('<img src="x" onerror="alert(1)">')).toBe('<img src="x" />');
    expect(sanitizeOwnerHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
    expect(sanitizeOwnerHtml("</style><iframe src=//evil></iframe>")).toBe("");
    expect(sanitizeOwnerHtml(null)).toBeNull();
  });
});
