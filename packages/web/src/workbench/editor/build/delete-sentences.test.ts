import { describe, expect, it } from "vitest";
import { blockAnswersSentence } from "./delete-block-guard";
import { answersSentence } from "./field-panel/delete-field-dialog";

describe("what a delete says about answers", () => {
  it("counts the answers a field delete loses, grouping thousands", () => {
    expect(answersSentence(7_470)).toBe("7,470 responses have an answer in this field; they will be deleted.");
    expect(answersSentence(1)).toBe("1 response has an answer in this field; it will be deleted.");
    expect(answersSentence(0)).toBe("No response has an answer in this field yet.");
    expect(answersSentence(null)).toBe("Counting the answers it holds…");
  });

  it("counts the answers of each field a block delete takes off the form", () => {
    expect(blockAnswersSentence([{ label: "Email", answered: 7_470 }])).toBe("7,470 responses have an answer in this field.");
    expect(blockAnswersSentence([{ label: "Email", answered: "Timeout" }])).toBe("Its answers could not be counted (Timeout).");
    expect(blockAnswersSentence([{ label: "Email", answered: 2 }, { label: "Name", answered: 1 }, { label: "Age", answered: "Timeout" }]))
      .toBe("Its fields hold answers: “Email” (2 responses), “Name” (1 response), “Age” (not counted).");
  });
});
