import { describe, expect, it } from "vitest";
import { formatTimestamp, formTableColumns, metaTableColumns } from "@fieldwork/core";
import { field } from "./record-fixture";
import { customerIdOf, customerInfo, describeUserAgent, generalInfo, rawMeta, recordTitle, valueView } from "./record-display";

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";
const PIXEL = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
const EDGE = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0";

describe("record editor display", () => {
  it("titles a record by mode and table: New, Response {index}, Session, Customer", () => {
    const forms = { table: "people_3f2a9c1d" };
    expect(recordTitle("create", null, forms)).toBe("New");
    expect(recordTitle("update", { id: "r", local_index: 7 }, forms)).toBe("Response 7");
    expect(recordTitle("read", { id: "s" }, { table: "sessions" })).toBe("Session");
    expect(recordTitle("read", { id: "c", uid: 12 }, { table: "customers" })).toBe("Customer #012");
  });

  it("shows stored values as text, yes/no, lists, local times or JSON", () => {
    const [idColumn, created] = formTableColumns([field({ name: "x" })]);
    const column = { format: "text" };
    expect(valueView(column, null)).toEqual({ kind: "empty" });
    expect(valueView(column, [])).toEqual({ kind: "empty" });
    expect(valueView({ format: "boolean" }, false)).toEqual({ kind: "text", text: "No" });
    expect(valueView({ format: "text[]" }, ["red", "blue"])).toEqual({ kind: "text", text: "red, blue" });
    expect(valueView({ format: "jsonb" }, { a: 1 })).toEqual({ kind: "json", text: '{\n  "a": 1\n}' });
    expect(valueView(idColumn!, "0b9d")).toEqual({ kind: "text", text: "0b9d" });
    const at = "2026-11-23T10:00:00+00:00";
    expect(valueView(created!, at)).toEqual({ kind: "text", text: formatTimestamp(at, "datetime", undefined) });
    expect(valueView(metaTableColumns("customers")[1]!, 12)).toEqual({ kind: "text", text: "12" });
  });

  it("lists the general info a row has, with '—' for empty values", () => {
    const row = { id: "r1", local_index: 5, session_id: null, visitor_id: "v1", user_agent: EDGE, referer: "", ip: "203.0.113.7", name: "Ada" };
    expect(generalInfo(row)).toEqual([
      { label: "ID", value: "r1", mono: true },
      { label: "Index", value: "#005" },
      { label: "Session", value: "—", mono: true },
      { label: "Visitor", value: "v1", mono: true },
      { label: "User agent", value: EDGE },
      { label: "Referer", value: "—" },
      { label: "IP address", value: "203.0.113.7", mono: true },
    ]);
  });

  it("reads browser, system and device from the user agent", () => {
    expect(describeUserAgent(IPHONE)).toEqual({ browser: "Safari 17", os: "iOS 17.1", device: "Apple iPhone" });
    expect(describeUserAgent(PIXEL)).toEqual({ browser: "Chrome 120", os: "Android 14", device: "Pixel 7" });
    expect(describeUserAgent(EDGE)).toEqual({ browser: "Edge 120", os: "Windows", device: "Desktop" });
    expect(describeUserAgent(FIREFOX_LINUX)).toEqual({ browser: "Firefox 121", os: "Linux", device: "Desktop" });
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null, device: null });
    expect(describeUserAgent("curl/8.4.0")).toEqual({ browser: null, os: null, device: null });
  });

  it("customer info: the customer (the row itself in the customers table) and the visitor's client; no customer, no link", () => {
    const row = { customer_id: "c1", visitor_id: "v1", user_agent: PIXEL };
    expect(customerInfo(row, customerIdOf(row, "people"))).toEqual([
      { label: "Customer", value: "c1", mono: true }, { label: "Client", value: "v1", mono: true },
      { label: "Browser", value: "Chrome 120" }, { label: "System", value: "Android 14" }, { label: "Device", value: "Pixel 7" },
    ]);
    expect(customerIdOf({ customer_id: null }, "people")).toBeNull();
    expect(customerIdOf({}, "sessions")).toBeNull();
    expect(customerIdOf({ id: "c9", uid: 9 }, "customers")).toBe("c9");
  });

  it("raw meta: the meta column laid out, or the whole row of a table without one", () => {
    expect(rawMeta({ id: "r", meta: { extra: { utm: "x" } } })).toBe('{\n  "extra": {\n    "utm": "x"\n  }\n}');
    expect(rawMeta({ id: "r", meta: null })).toBe("{}");
    expect(rawMeta({ id: "s" })).toBe('{\n  "id": "s"\n}');
  });
});
