/** A refused confirm's message on the Toss result page: a visitor error in the form's language, anything else as it came. */
import { describe, expect, it } from "vitest";
import { PUBLIC_ERROR_MESSAGES, messagesFor } from "@fieldwork/core";
import { refusalMessage } from "./toss-result-page";

describe("refusalMessage", () => {
  it("words a visitor error in the form's language, keeps a provider's or a specific message as it is", () => {
    expect(refusalMessage("ko", "FORM_SOLD_OUT", PUBLIC_ERROR_MESSAGES.FORM_SOLD_OUT)).toBe(messagesFor("ko")["error.FORM_SOLD_OUT"]);
    expect(refusalMessage("ko", "FORM_SOLD_OUT", PUBLIC_ERROR_MESSAGES.FORM_SOLD_OUT)).not.toBe(PUBLIC_ERROR_MESSAGES.FORM_SOLD_OUT);
    expect(refusalMessage("en", "FORM_SOLD_OUT", PUBLIC_ERROR_MESSAGES.FORM_SOLD_OUT)).toBe(PUBLIC_ERROR_MESSAGES.FORM_SOLD_OUT);
    expect(refusalMessage("ko", "PAYMENT_DECLINED", "한도 초과입니다.")).toBe("한도 초과입니다.");
    expect(refusalMessage("ko", "FORM_SOLD_OUT", "Only the Saturday pass is gone.")).toBe("Only the Saturday pass is gone.");
  });
});
