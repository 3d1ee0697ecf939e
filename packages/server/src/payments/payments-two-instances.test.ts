/**
 * Two server instances on one PostgreSQL database, one Stripe stand-in: 30 buyers for 5
 * units, each starting Pay on one instance and confirming on the other, some pressing Pay
 * twice. Exactly 5 rows, 5 committed units, 5 charges (one per intent, none twice), 25
 * refused before anything was charged. The stand-in also delivers its signed webhooks to
 * the first instance while the browsers' confirms complete: one row per payment still.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { openDatabase, type Database } from "../db/database";
import { migrate } from "../db/migrate";
import { as, ORIGIN, signUp } from "../test/accounts";
import { BACKENDS, createScratchDatabase } from "../test/backends";
import { startStripeStandin, type StripeStandin } from "./stripe-standin";

const VISA = { number: "4242 4242 4242 4242", exp: "04 / 30", cvc: "123", country: "US", zip: "94103" };

describe.skipIf(!BACKENDS[1]!.available)("a paid rush on two instances of one PostgreSQL database", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let databases: Database[] = [];
  let apps: FastifyInstance[] = [];
  let standin: StripeStandin;

  beforeAll(async () => {
    standin = await startStripeStandin();
    scratch = await createScratchDatabase();
    databases = [await openDatabase({ databaseUrl: scratch.url, poolSize: 4 }), await openDatabase({ databaseUrl: scratch.url, poolSize: 4 })];
    await migrate(databases[0]!.db);
    const stripe = { secret_key: standin.secret_key, publishable_key: "pk_test_standin", webhook_secret: standin.webhook_secret, api_base: standin.base };
    apps = await Promise.all(databases.map((d) => buildApp({ db: d.db, publicUrl: ORIGIN, rateLimitFactor: 0, payments: { stripe } })));
    await apps[0]!.listen({ port: 0, host: "127.0.0.1" });
    const address = apps[0]!.server.address();
    standin.webhook_url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/webhooks/stripe`;
  });
  afterAll(async () => {
    await standin?.close();
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    databases = [];
    await scratch?.drop();
  });

  it("sells exactly the units there are and charges each intent once", async () => {
    const [one, two] = apps as [FastifyInstance, FastifyInstance];
    const owner = await signUp(one, "paid-rush@example.com", "correct horse battery", "10.24.0.1");
    const call = as(one, owner);
    const org = (await call("POST", "/private/editor/organizations", { name: "paid-rush" })).json().data.id;
    const project = (await call("POST", `/private/editor/organizations/${org}/projects`, { name: "shop" })).json().data.id;
    const doc = (await call("POST", `/private/editor/projects/${project}/documents`, { doctype: "v0_form", title: "Drop" })).json().data;
    const form = doc.form_id as string;
    const revision = async () => (await call("GET", `/private/editor/forms/${form}`)).json().data.revision as number;
    const ticket = (await call("POST", `/private/editor/forms/${form}/fields`, {
      revision: await revision(), field: { name: "ticket", type: "radio", required: true, options: [{ value: "drop", price: 4200 }] },
    })).json().data.field_id as string;
    await call("POST", `/private/editor/forms/${form}/fields`, { revision: await revision(), field: { name: "pay", type: "payment", data: { currency: "eur" } } });
    await call("PUT", `/private/editor/forms/${form}/store`, { name: "Drops" });
    await call("PUT", `/private/editor/forms/${form}/fields/${ticket}/inventory`, { tracked: true });
    const option = (await call("GET", `/private/editor/forms/${form}`)).json().data.fields.find((f: { id: string }) => f.id === ticket).options[0].id as string;
    await call("PATCH", `/private/editor/forms/${form}/inventory/${option}`, { available: 5 });
    await call("PATCH", `/private/editor/documents/${doc.id}`, { published: true });

    const buyers = await Promise.all(Array.from({ length: 30 }, (_, i) => ([one, two][i % 2]!).inject({ method: "GET", url: `/v1/${form}/session` })
      .then((r) => r.json().data.id as string)));
    const outcomes = await Promise.all(buyers.map(async (sid, i) => {
      const [first, other] = i % 2 ? [two, one] : [one, two];
      const answers = { ticket: ["drop"], __fw_session: [sid] };
      const started = await first.inject({ method: "POST", url: `/v1/${form}/payment`, payload: { answers } });
      if (started.statusCode !== 200) return { refused: started.json().error.code as string };
      // Every third buyer presses Pay again, on the other instance.
      const again = i % 3 === 0 ? await other.inject({ method: "POST", url: `/v1/${form}/payment`, payload: { answers } }) : started;
      expect(again.json().data.payment_intent).toBe(started.json().data.payment_intent);
      const confirmed = await other.inject({
        method: "POST", url: `/v1/${form}/payment/confirm`, payload: { session_id: sid, payment_intent: started.json().data.payment_intent, card: VISA },
      });
      return { status: confirmed.statusCode, id: confirmed.json().data?.id as string | undefined, error: confirmed.json().error };
    }));
    // 201, or 200 when the stand-in's webhook stored the answer first (the confirm gets that row).
    const sold = outcomes.filter((o) => o.status === 201 || o.status === 200);
    expect(sold).toHaveLength(5);
    expect(new Set(sold.map((o) => o.id)).size).toBe(5);
    expect(outcomes.filter((o) => o.refused)).toHaveLength(25);
    for (const o of outcomes.filter((x) => x.refused)) expect(o.refused).toMatch(/^FORM_(SOLD_OUT|OPTION_UNAVAILABLE)$/);

    const db = databases[0]!.db;
    const paid = await db.selectFrom("payment").selectAll().where("form_id", "=", form).where("status", "=", "completed").execute();
    expect(paid).toHaveLength(5);
    expect(new Set(paid.map((p) => p.response_id)).size).toBe(5);
    expect(standin.charges).toHaveLength(5);
    expect(new Set(standin.charges.map((c) => c.payment_intent)).size).toBe(5);
    expect(standin.charges.every((c) => c.amount === 4200 && c.currency === "eur")).toBe(true);
    expect(standin.refunds).toHaveLength(0);
    const level = (await call("GET", `/private/editor/forms/${form}/inventory`)).json().data.fields[0].options[0];
    expect(level).toMatchObject({ available: 0, committed: 5 });
    // The webhooks of the five charges arrived too, and changed nothing.
    await expect.poll(() => standin.deliveries.filter((d) => d.type === "payment_intent.succeeded").length).toBe(5);
    expect(standin.deliveries.every((d) => d.status === 200)).toBe(true);
    const count = await db.selectFrom("form").select("response_count").where("id", "=", form).executeTakeFirstOrThrow();
    expect(count.response_count).toBe(5);
  });
});
