import { describe, expect, it } from "vitest";
import { byteRangeOf, contentDisposition, servesInline } from "./serving";

describe("serving stored files", () => {
  it("shows images, audio, video and PDF inline, downloads everything else", () => {
    for (const type of ["image/png", "image/jpeg", "audio/mpeg", "video/webm", "application/pdf"]) expect(servesInline(type)).toBe(true);
    for (const type of ["image/svg+xml", "text/html", "application/xhtml+xml", "application/xml", "text/plain", "application/zip", "application/octet-stream"]) {
      expect(servesInline(type)).toBe(false);
    }
  });

  it("writes a Content-Disposition no name can break out of (RFC 6266)", () => {
    expect(contentDisposition("attachment", "cv.pdf")).toBe(`attachment; filename="cv.pdf"; filename*=UTF-8''cv.pdf`);
    expect(contentDisposition("attachment", "Résumé final.pdf")).toBe(`attachment; filename="R_sum_ final.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20final.pdf`);
    const hostile = contentDisposition("attachment", `a"; filename=evil.html\r\nX-Injected: 1\\.pdf`);
    expect(hostile).not.toMatch(/[\r\n]/);
    expect(hostile.match(/"/g)).toHaveLength(2);
    expect(hostile).toMatch(/^attachment; filename="a__ filename=evil.html__X-Injected: 1_.pdf"; filename\*=UTF-8''a%22%3B%20filename%3Devil\.html%0D%0AX-Injected%3A%201%5C\.pdf$/);
  });

  it.each([
    [undefined, undefined], ["bytes=0-99", { start: 0, end: 99 }], ["bytes=100-", { start: 100, end: 999 }], ["bytes=-100", { start: 900, end: 999 }],
    ["bytes=990-5000", { start: 990, end: 999 }], ["bytes=1000-", "unsatisfiable"], ["bytes=5-4", "unsatisfiable"], ["bytes=-0", "unsatisfiable"],
    ["bytes=0-1,5-6", undefined], ["items=0-1", undefined], ["bytes=-", undefined], ["bytes=abc", undefined], ["bytes=-5000", { start: 0, end: 999 }],
  ])("reads Range %j of a 1000-byte file", (header, range) => {
    expect(byteRangeOf(header, 1000)).toEqual(range);
  });
});
