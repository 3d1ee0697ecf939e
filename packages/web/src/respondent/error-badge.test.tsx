/** @jsxRuntime automatic */
/**
 * The error badge (spec 1 §2.2) as a visitor reads it: the message, the code and the missing
 * required hidden fields; a refusal of answers lists the fields with their messages and keeps
 * its code out of sight (issue 19), in `data-code` only.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { browserMessages } from "@fieldwork/core";
import { ErrorBadge as Badge } from "./error-badge";
import { MessagesProvider } from "./messages";

const ErrorBadge = (props: Parameters<typeof Badge>[0]) => (
  <MessagesProvider messages={browserMessages("en")}><Badge {...props} /></MessagesProvider>
);

const textOf = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();

describe("ErrorBadge", () => {
  it("shows the message, the code and the missing required hidden fields", () => {
    const html = renderToStaticMarkup(
      <ErrorBadge error={{ code: "MISSING_REQUIRED_HIDDEN_FIELDS", message: "Required hidden fields were not supplied.", fields: ["campaign", "ref"] }} />,
    );
    expect(textOf(html)).toBe("Required hidden fields were not supplied. MISSING_REQUIRED_HIDDEN_FIELDS campaign ref");
    expect(html).toContain('role="alert"');
  });

  it("shows a network failure's code under its message", () => {
    const html = renderToStaticMarkup(<ErrorBadge error={{ code: "INTERNAL_SERVER_ERROR", message: "Something went wrong on our side." }} />);
    expect(textOf(html)).toBe("Something went wrong on our side. INTERNAL_SERVER_ERROR");
  });

  it("lists refused answers by field with their messages, the code only in data-code", () => {
    const html = renderToStaticMarkup(
      <ErrorBadge error={{ code: "INVALID_FIELD_VALUE", message: "m", field_errors: [{ field: "email", code: "INVALID_FIELD_VALUE", message: "Enter an email address." }] }} />,
    );
    expect(textOf(html)).toBe("Please fill out the form correctly. email : Enter an email address.");
    expect(html).toContain('data-code="INVALID_FIELD_VALUE"');
    expect(html).toContain('href="#fw-email-error"');
  });
});
