import { afterEach, describe, expect, it, vi } from "vitest";
import type { CustomerDetails } from "@fieldwork/core";
import { fetchCustomer } from "../../../api/customers";
import { ApiError } from "../../../api/http";
import { formatFullTime } from "../../../format-time";
import { CUSTOMER_LABELS, customerEntries, failureOf, responseLine } from "./customer-view";

const customer: CustomerDetails = {
  id: "c1", uid: 12, uuid: null, email: "ada@example.com", email_provisional: null, phone: "", phone_provisional: "+44 20 7946 0000",
  visitor_id: "v-abc", created_at: "2026-11-01T09:00:00Z", last_seen_at: "2026-11-23T10:00:00Z",
  responses: [{ id: "r1", form_id: "f1", form: { title: "Signup" }, local_index: 7, created_at: "2026-11-23T10:00:00Z" }],
};

afterEach(() => vi.unstubAllGlobals());

describe("customer sheet", () => {
  it("lists every detail in the skeleton's order, '—' for what is empty", () => {
    const entries = customerEntries(customer);
    expect(entries.map((e) => e.label)).toEqual([...CUSTOMER_LABELS]);
    expect(Object.fromEntries(entries.map((e) => [e.label, e.value]))).toEqual({
      UID: "12", UUID: "—", Email: "ada@example.com", "Email (provisional)": "—", Phone: "—", "Phone (provisional)": "+44 20 7946 0000",
      Visitor: "v-abc", "First seen": formatFullTime("2026-11-01T09:00:00Z"), "Last seen": formatFullTime("2026-11-23T10:00:00Z"),
    });
  });

  it("a response reads as its form's title, its record id and its date", () => {
    expect(responseLine(customer.responses[0]!)).toEqual({ id: "r1", title: "Signup", index: "#007", date: formatFullTime("2026-11-23T10:00:00Z") });
    expect(responseLine({ ...customer.responses[0]!, form: { title: " " } }).title).toBe("Untitled form");
  });

  it("a 404 is a customer that no longer exists; anything else shows its message beside Retry", () => {
    expect(failureOf("NOT_FOUND", "Not found.")).toEqual({ missing: true });
    expect(failureOf("HTTP_500", "The server had a problem. Try again in a moment.")).toEqual({ missing: false, message: "The server had a problem. Try again in a moment." });
  });

  it("fetches GET /private/editor/customers/{id} with the abort signal, and reads 404 as NOT_FOUND", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return url.endsWith("/gone")
        ? new Response(JSON.stringify({ data: null, error: { code: "NOT_FOUND", message: "Not found." } }), { status: 404 })
        : new Response(JSON.stringify({ data: customer, error: null }), { status: 200 });
    });
    const signal = new AbortController().signal;
    await expect(fetchCustomer("c/1", signal)).resolves.toEqual(customer);
    expect(calls[0]).toMatchObject({ url: "/private/editor/customers/c%2F1", init: { method: "GET", signal } });
    const error = await fetchCustomer("gone").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(failureOf((error as ApiError).code, (error as ApiError).message)).toEqual({ missing: true });
  });
});
