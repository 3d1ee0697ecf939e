/**
 * Issue 23's reliability check, at the size of the issue: 200 buyers for 10 units on a paid
 * form served by two server processes on one PostgreSQL, both talking to one Stripe stand-in,
 * and one process killed with `kill -9` mid-rush (its buyers go on at the other, as behind a
 * load balancer). Exactly 10 paid rows, 10 committed units, every other buyer refused before
 * paying or refunded, no intent charged twice, no buyer charged for two intents.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeStandin, type StripeStandin } from "../packages/server/src/payments/stripe-standin";
import { createScratchDatabase } from "../packages/server/src/test/backends";
import { startServer, type RunningServer } from "./harness";

const BUYERS = 200;
const UNITS = 10;
const VISA = { number: "4242 4242 4242 4242", exp: "04 / 30", cvc: "123", country: "US", zip: "94103" };
const definition = {
  format: "fieldwork.form", version: 1, title: "Drop", settings: { published: true },
  fields: [
    { name: "ticket", type: "radio", label: "Ticket", required: true, options: [{ value: "drop", price: 4200 }] },
    { name: "pay", type: "payment", data: { service_provider: "stripe", currency: "usd" } },
  ],
  blocks: [{ type: "section", children: [{ type: "field", field: "ticket" }] }, { type: "section", contains_payment: true, children: [{ type: "field", field: "pay" }] }],
};

describe("a paid drop on two processes, one killed mid-rush", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let standin: StripeStandin;
  let servers: RunningServer[] = [];
  let client: pg.Client;
  let formId = "";

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    standin = await startStripeStandin();
    const env = {
      STRIPE_API_BASE: standin.base, STRIPE_SECRET_KEY: standin.secret_key, STRIPE_PUBLISHABLE_KEY: "pk_test_standin",
      STRIPE_WEBHOOK_SECRET: standin.webhook_secret, PUBLIC_RATE_LIMIT_FACTOR: "0",
    };
    servers.push(await startServer({ databaseUrl: scratch.url, env }));
    servers.push(await startServer({ databaseUrl: scratch.url, env }));
    // The survivor hears the provider's webhooks.
    standin.webhook_url = `${servers[0]!.url}/webhooks/stripe`;
    const file = join(servers[0]!.dataDir, "drop.json");
    writeFileSync(file, JSON.stringify(definition));
    formId = (JSON.parse(servers[0]!.cli(["forms", "import", file])) as { id: string }).id;
    client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    // Track the option with 10 units (as the workbench does: a store, an item, a level; a new revision).
    await client.query(`
      with f as (select f.id, d.project_id from form f join form_document d on d.form_id = f.id where f.id = $1),
      s as (insert into store (project_id, name) select project_id, 'Drops' from f returning id),
      linked as (update form set store_id = (select id from s), revision = revision + 1 where id = $1),
      o as (select id from form_field_option where form_id = $1),
      i as (insert into inventory_item (store_id, sku, form_field_option_id) select s.id, left(o.id::text, 8), o.id from s, o returning id)
      insert into inventory_level (inventory_item_id, available, on_hand) select id, $2, $2 from i`, [formId, UNITS]);
  });
  afterAll(async () => {
    await client?.end();
    await Promise.all(servers.map((s) => s.stop()));
    servers = [];
    await standin?.close();
    await scratch?.drop();
  });

  /** A request to the buyer's instance, or to the other one when that one is gone (a load balancer's retry). */
  async function call(first: number, path: string, body?: unknown): Promise<{ status: number; json: { data: Record<string, unknown> | null; error: { code: string } | null } }> {
    for (const index of [first, 1 - first]) {
      try {
        const response = await fetch(`${servers[index]!.url}${path}`, body === undefined ? { headers: { accept: "application/json" } } : {
          method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", accept: "application/json" },
        });
        return { status: response.status, json: await response.json() as never };
      } catch {
        // Connection refused or reset: the process died.
      }
    }
    throw new Error(`both instances failed ${path}`);
  }

  it("sells exactly 10, charges each buyer at most once, and loses no payment", async () => {
    let confirming = 0;
    let killed: Promise<void> | null = null;
    const outcomes = await Promise.all(Array.from({ length: BUYERS }, async (_, n) => {
      const home = n % 2;
      const session = (await call(home, `/v1/${formId}/session`)).json.data!.id as string;
      const answers = { ticket: ["drop"], __fw_session: [session] };
      const started = await call(home, `/v1/${formId}/payment`, { answers });
      if (started.status !== 200) return { session, refused: started.json.error!.code };
      const intent = started.json.data!.payment_intent as string;
      const confirm = call(1 - home, `/v1/${formId}/payment/confirm`, { session_id: session, payment_intent: intent, card: VISA });
      // The second process dies while confirms are on their way to it and to the provider.
      if (++confirming === 4) killed = new Promise((resolve) => setTimeout(resolve, 15)).then(() => servers[1]!.kill9());
      const confirmed = await confirm;
      return { session, intent, status: confirmed.status, code: confirmed.json.error?.code ?? null };
    }));
    await killed;

    const sold = outcomes.filter((o) => o.status === 201 || o.status === 200);
    expect(sold).toHaveLength(UNITS);
    for (const o of outcomes.filter((x) => x.refused)) expect(o.refused).toBe("FORM_SOLD_OUT");

    const { rows: [form] } = await client.query<{ table_name: string; response_count: number }>("select table_name, response_count from form where id = $1", [formId]);
    const { rows } = await client.query<{ session_id: string; pay: { provider_id: string } }>(`select session_id::text, pay from form_data."${form!.table_name}"`);
    expect(rows).toHaveLength(UNITS);
    expect(form!.response_count).toBe(UNITS);
    const { rows: [level] } = await client.query<{ available: number; committed: number }>(
      "select l.available, l.committed from inventory_level l join inventory_item i on i.id = l.inventory_item_id join form_field_option o on o.id = i.form_field_option_id where o.form_id = $1", [formId]);
    expect(level).toEqual({ available: 0, committed: UNITS });

    // Money: no intent charged twice, no session paying twice, every charge kept with its row or refunded.
    const intents = standin.charges.map((c) => c.payment_intent);
    expect(new Set(intents).size).toBe(intents.length);
    const { rows: payments } = await client.query<{ session_id: string; provider_id: string; status: string }>("select session_id::text, provider_id, status from payment where form_id = $1", [formId]);
    const bySession = new Map<string, number>();
    for (const intent of intents) {
      const p = payments.find((x) => x.provider_id === intent)!;
      bySession.set(p.session_id, (bySession.get(p.session_id) ?? 0) + 1);
    }
    expect([...bySession.values()].every((n) => n === 1)).toBe(true);
    const refunded = new Set(standin.refunds.map((r) => r.payment_intent));
    const kept = intents.filter((i) => !refunded.has(i));
    expect(kept).toHaveLength(UNITS);
    expect(new Set(rows.map((r) => r.pay.provider_id))).toEqual(new Set(kept));
    expect(payments.filter((p) => p.status === "completed")).toHaveLength(UNITS);
    // Nothing still held: every unit is sold or back.
    expect(payments.filter((p) => p.status === "pending" || p.status === "paid")).toEqual([]);
  });
});
