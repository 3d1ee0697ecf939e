/**
 * The cap on a form's Pay requests in flight (pay-gate.ts). Unit: the count, the refusal, one
 * hold at a time per form. Integration on both backends, against a provider that stalls (a
 * proxy to the Stripe stand-in that answers only when released): with a cap of 3, three Pays
 * wait at the provider, a flood of more on that form is refused at once with 429 PAYMENT_BUSY
 * and holds nothing, another form's Pay still goes through, and once the provider answers
 * the waiting Pays succeed and the form takes Pays again.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { BACKENDS } from "../test/backends";
import { inventoryWorld, type InventoryWorld } from "../inventory/inventory-test-setup";
import { PayGate } from "./pay-gate";
import { startStripeStandin, type StripeStandin } from "./stripe-standin";

describe("PayGate", () => {
  it("counts a form's requests in flight, refuses past the cap with PAYMENT_BUSY, and counts each out once", async () => {
    const gate = new PayGate(2);
    const a = gate.enter("f");
    gate.enter("f");
    expect(() => gate.enter("f")).toThrow(expect.objectContaining({ code: "PAYMENT_BUSY", status: 429 }));
    expect(gate.waiting("g")).toBe(0);
    const other = gate.enter("g"); // another form has its own count
    a();
    a();
    expect(gate.waiting("f")).toBe(1);
    gate.enter("f");
    other();
    await expect(gate.run("f", async () => "x")).rejects.toMatchObject({ code: "PAYMENT_BUSY" });
    expect(gate.waiting("g")).toBe(0);
  });

  it("runs a form's holds one at a time, in order, whatever the one before did", async () => {
    const gate = new PayGate();
    const order: string[] = [];
    let running = 0;
    const step = (name: string, fail = false) => async () => {
      running += 1;
      expect(running).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(name);
      running -= 1;
      if (fail) throw new Error(name);
      return name;
    };
    const results = await Promise.allSettled([gate.serial("f", step("1")), gate.serial("f", step("2", true)), gate.serial("f", step("3"))]);
    expect(order).toEqual(["1", "2", "3"]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  });
});

/** A provider that holds every call until released, then passes it to the stand-in. */
async function stallingProvider(target: string) {
  let open = false;
  const waiting: (() => void)[] = [];
  let seen = 0;
  const body = (request: IncomingMessage) => new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c)).on("end", () => resolve(Buffer.concat(chunks)));
  });
  const server: Server = createServer(async (request, response) => {
    seen += 1;
    const bytes = await body(request);
    if (!open) await new Promise<void>((resolve) => waiting.push(resolve));
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([k, v]) => k !== "host" && k !== "content-length" && typeof v === "string")) as Record<string, string>;
    const answer = await fetch(`${target}${request.url}`, { method: request.method, headers, ...(bytes.length ? { body: bytes.toString("utf8") } : {}) });
    response.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" }).end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen: () => seen,
    release() { open = true; for (const go of waiting.splice(0)) go(); },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

describe.each(BACKENDS)("a form's Pay requests in flight are capped on $name", (backend) => {
  let w: InventoryWorld;
  let app: FastifyInstance;
  let standin: StripeStandin;
  let provider: Awaited<ReturnType<typeof stallingProvider>>;

  beforeAll(async () => {
    if (!backend.available) return;
    standin = await startStripeStandin();
    provider = await stallingProvider(standin.base);
    w = await inventoryWorld(backend, `paygate-${backend.name}`);
    const stripe = { secret_key: standin.secret_key, publishable_key: "pk_test_standin", webhook_secret: standin.webhook_secret, api_base: provider.base };
    app = await buildApp({ db: w.database.db, rateLimitFactor: 0, payments: { stripe, pay_in_flight_per_form: 3 } });
  });
  afterAll(async () => {
    provider?.release();
    await app?.close();
    await w?.close();
    await provider?.close();
    await standin?.close();
  });

  async function paidForm() {
    const { form, document } = await w.newForm();
    for (const field of [
      { name: "ticket", type: "radio", required: true, options: [{ value: "early", label: "Early", price: 1000 }] },
      { name: "pay", type: "payment", data: { service_provider: "stripe", currency: "usd" } },
    ]) {
      const created = await w.call(w.owner, "POST", `/forms/${form}/fields`, { revision: await w.revisionOf(form), field });
      expect(created.statusCode, created.body).toBe(201);
    }
    await w.call(w.owner, "PATCH", `/documents/${document}`, { published: true });
    return form;
  }
  const pay = async (form: string) => {
    const sid = (await app.inject({ method: "GET", url: `/v1/${form}/session` })).json().data.id as string;
    return app.inject({ method: "POST", url: `/v1/${form}/payment`, payload: { answers: { ticket: ["early"], __fw_session: [sid] } } });
  };
  const held = async (form: string) => (await w.database.db.selectFrom("payment").select("id").where("form_id", "=", form).execute()).length;

  it.skipIf(!backend.available)("refuses Pays past the cap at once with 429 PAYMENT_BUSY, holds nothing for them, and lets other forms pay", async () => {
    const [form, other] = [await paidForm(), await paidForm()];
    const before = provider.seen();
    const waiting = [pay(form), pay(form), pay(form)];
    await expect.poll(() => provider.seen(), { timeout: 20_000 }).toBe(before + 3);

    // A flood on the same form: refused at once, nothing held, the provider never asked.
    const flood = await Promise.all(Array.from({ length: 20 }, () => pay(form)));
    expect(flood.map((r) => r.statusCode)).toEqual(Array(20).fill(429));
    expect(flood[0]!.json().error).toMatchObject({ code: "PAYMENT_BUSY", message: expect.stringContaining("Nothing was charged") });
    expect(await held(form)).toBe(3);
    expect(provider.seen()).toBe(before + 3);

    // Another form's Pay is not refused: it reaches the provider.
    const elsewhere = pay(other);
    await expect.poll(() => provider.seen(), { timeout: 20_000 }).toBe(before + 4);

    provider.release();
    const answered = await Promise.all([...waiting, elsewhere]);
    expect(answered.map((r) => r.statusCode), answered.map((r) => r.body).join("\n")).toEqual([200, 200, 200, 200]);
    // Counted out: the form takes Pays again.
    const again = await pay(form);
    expect(again.statusCode, again.body).toBe(200);
    expect(standin.charges).toHaveLength(0);
  });
});
