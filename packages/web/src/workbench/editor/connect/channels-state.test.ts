import type { Webhook, WebhookDelivery } from "@fieldwork/core";
import { describe, expect, it } from "vitest";
import { channelsReducer, initialChannels, maskSecret, webhookLabel, type ChannelsState } from "./channels-state";

const hook = (id: string, over: Partial<Webhook> = {}): Webhook => ({
  id, form_id: "f", url: `https://example.com/${id}`, secret: `whsec_${id.padEnd(43, "x")}`, enabled: true, events: ["response.created"],
  created_at: "2026-01-01T00:00:00.000Z", updated_at: "2026-01-01T00:00:00.000Z", consecutive_failures: 0, paused_at: null, ...over,
});
const delivery = (id: number, webhook_id = "a"): WebhookDelivery => ({
  id, webhook_id, event_id: `e${id}`, event_type: "response.created", attempt: 1, status: "delivered", http_status: 200, duration_ms: 5,
  response_excerpt: null, error: null, next_retry_at: null, created_at: "2026-01-01T00:00:00.000Z",
});
const page = (ids: number[], next_before: number | null) => ({ deliveries: ids.map((id) => delivery(id)), next_before });

describe("channels page state", () => {
  it("checks the URL with core's rule before sending, and shows the server's refusal under the field", () => {
    let state = channelsReducer(initialChannels, { type: "url", value: "ftp://example.com" });
    state = channelsReducer(state, { type: "add" });
    expect(state).toMatchObject({ adding: false, urlError: "Use an http: or https: URL." });
    state = channelsReducer(channelsReducer(state, { type: "url", value: "http://10.0.0.1/x" }), { type: "add" });
    expect(state).toMatchObject({ adding: true, urlError: null });
    state = channelsReducer(state, { type: "add-refused", message: "This URL points to a private address.", onUrl: true });
    expect(state).toMatchObject({ adding: false, urlError: "This URL points to a private address.", message: null });
    state = channelsReducer(state, { type: "url", value: "https://example.com/a" });
    expect(state.urlError).toBeNull();
  });

  it("adds a webhook with its secret shown, clears the field, and hides the secret on request", () => {
    let state: ChannelsState = { ...initialChannels, webhooks: [], url: "https://example.com/a", adding: true };
    state = channelsReducer(state, { type: "added", webhook: hook("a") });
    expect(state).toMatchObject({ url: "", adding: false, revealed: ["a"] });
    expect(state.webhooks!.map((w) => w.id)).toEqual(["a"]);
    expect(channelsReducer(state, { type: "toggle-secret", id: "a" }).revealed).toEqual([]);
  });

  it("drops a deleted webhook and its deliveries, and replaces a changed one in place", () => {
    let state: ChannelsState = { ...initialChannels, webhooks: [hook("a"), hook("b")], deliveries: [delivery(2, "b"), delivery(1, "a")], confirm: { action: "delete", id: "a" } };
    state = channelsReducer(state, { type: "changed", webhook: hook("b", { enabled: false }) });
    expect(state.webhooks!.map((w) => w.enabled)).toEqual([true, false]);
    state = channelsReducer(state, { type: "removed", id: "a" });
    expect(state).toMatchObject({ confirm: null, busy: null });
    expect(state.webhooks!.map((w) => w.id)).toEqual(["b"]);
    expect(state.deliveries!.map((d) => d.id)).toEqual([2]);
  });

  it("asks before rotating a secret, and forgets the question once the new secret is in or the owner cancels", () => {
    let state: ChannelsState = { ...initialChannels, webhooks: [hook("a")] };
    state = channelsReducer(state, { type: "confirm", action: "rotate", id: "a" });
    expect(state.confirm).toEqual({ action: "rotate", id: "a" });
    expect(channelsReducer(state, { type: "cancel-confirm" }).confirm).toBeNull();
    state = channelsReducer(state, { type: "changed", webhook: hook("a", { secret: "whsec_new" }) });
    expect(state.confirm).toBeNull();
    expect(state.webhooks![0]!.secret).toBe("whsec_new");
  });

  it("refreshes the newest deliveries without losing older pages the owner already opened", () => {
    let state = channelsReducer(initialChannels, { type: "deliveries", page: page([5, 4], 4), older: false });
    expect(state.olderBefore).toBe(4);
    state = channelsReducer(state, { type: "deliveries", page: page([3, 2], 2), older: true });
    expect(state.deliveries!.map((d) => d.id)).toEqual([5, 4, 3, 2]);
    state = channelsReducer(state, { type: "deliveries", page: page([7, 6], 6), older: false });
    expect(state.deliveries!.map((d) => d.id)).toEqual([7, 6, 5, 4, 3, 2]);
    expect(state.olderBefore).toBe(2);
    // A log that fits on one page is replaced whole.
    expect(channelsReducer(state, { type: "deliveries", page: page([1], null), older: false }).deliveries!.map((d) => d.id)).toEqual([1]);
  });

  it("masks secrets and labels webhooks by host and path", () => {
    expect(maskSecret("whsec_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG")).toBe("whsec_abcd…DEFG");
    expect(webhookLabel("https://example.com/hooks?x=1")).toBe("example.com/hooks");
    expect(webhookLabel("https://example.com/")).toBe("example.com");
  });
});
