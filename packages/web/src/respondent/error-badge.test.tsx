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

const ErrorBadge = ({ lang = "en", ...props }: Parameters<typeof Badge>[0] & { lang?: string }) => (
  <MessagesProvider messages={browserMessages(lang)}><Badge {...props} /></MessagesProvider>
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

  it("words Pay's refusals in the form's language, but a declined card in the provider's own sentence", () => {
    const busy = { code: "PAYMENT_BUSY", message: "Too many payments are being made on this form right now. Nothing was charged; wait a moment and press Pay again." };
    expect(textOf(renderToStaticMarkup(<ErrorBadge lang="de" error={busy} />)))
      .toBe("Gerade werden zu viele Zahlungen für dieses Formular ausgeführt. Es wurde nichts abgebucht; warten Sie einen Moment und drücken Sie erneut auf „Bezahlen“. PAYMENT_BUSY");
    const unreachable = { code: "PAYMENT_PROVIDER_UNAVAILABLE", message: "The card form is not ready yet." };
    expect(textOf(renderToStaticMarkup(<ErrorBadge lang="ja" error={unreachable} />))).toContain("決済サービスに接続できませんでした。");
    const declined = { code: "PAYMENT_DECLINED", message: "Your card has insufficient funds." };
    expect(textOf(renderToStaticMarkup(<ErrorBadge lang="fr" error={declined} />))).toBe("Your card has insufficient funds. PAYMENT_DECLINED");
  });
});
