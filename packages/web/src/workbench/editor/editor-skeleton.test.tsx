/** @jsxRuntime automatic */
/**
 * A form's Build page keeps its level-one heading while its code or document loads (axe's
 * page-has-heading-one, e2e/accessibility.test.ts): the skeleton carries the page's title.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormPageSkeleton } from "./editor-skeleton";

describe("the form page's skeleton", () => {
  it("has the page's title as its level-one heading", () => {
    const html = renderToStaticMarkup(<FormPageSkeleton title={"Signup & more"} />);
    expect(html).toMatch(/<h1 class="sr-only">Signup &amp; more<\/h1>/);
  });
});
