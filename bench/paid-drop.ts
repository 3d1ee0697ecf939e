/**
 * `npm run bench:paid-drop`: the ticket drop of `bench:drop` with payment (issue 23), against
 * the real server on PostgreSQL and the local Stripe stand-in (no real provider is contacted).
 *
 * Two forms of one ticket option tracked with BENCH_UNITS units (default 100): one free, one
 * priced (42.00 usd) with a payment field. BENCH_BUYERS buyers (default 200) come at once to
 * each, the free one first: a free buyer opens a session and submits; a paying buyer opens a
 * session, presses Pay (POST /v1/{form}/payment: priced, stock held, intent created) and
 * confirms the card (POST /v1/{form}/payment/confirm: the server confirms at the stand-in and
 * stores the row). Reports sales per second until sold out and each buyer's whole flow, p50 and
 * p99, for both, and checks the paid drop is exact: UNITS rows, UNITS committed units, UNITS
 * charges, none twice, every other buyer refused before paying.
 */
import { cpus } from "node:os";
import pg from "pg";
import { CSRF_HEADER } from "@fieldwork/core";
import { startStripeStandin } from "../packages/server/src/payments/stripe-standin";
import { createBenchProject, startScratchServer } from "./grid-server";
import { appendResultRow, currentCommit, percentile, resultDate } from "./results";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const UNITS = Number(process.env.BENCH_UNITS ?? 100);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 200);
const VISA = { number: "4242 4242 4242 4242", exp: "04 / 30", cvc: "123", country: "US", zip: "94103" };

const form = (title: string, paid: boolean) => ({
  format: "fieldwork.form", version: 1, title, settings: { published: true },
  fields: [
    { name: "ticket", type: "radio", label: "Ticket", required: true, options: [{ value: "drop", ...(paid ? { price: 4200 } : {}) }] },
    ...(paid ? [{ name: "pay", type: "payment", data: { service_provider: "stripe", currency: "usd" } }] : []),
  ],
});

interface Drop { sold: number; seconds: number; rate: number; p50: number; p99: number; refusals: Map<string, number> }

async function json(response: Response) {
  return (await response.json()) as { data: Record<string, unknown> | null; error: { code: string } | null };
}

/** Every buyer at once; `buy` answers whether the buyer got a ticket. */
async function rush(buy: (n: number) => Promise<string>): Promise<Drop> {
  const t0 = performance.now();
  let last = t0;
  const flows: number[] = [];
  const refusals = new Map<string, number>();
  let sold = 0;
  await Promise.all(Array.from({ length: BUYERS }, async (_, n) => {
    const start = performance.now();
    const outcome = await buy(n);
    flows.push(performance.now() - start);
    if (outcome === "sold") {
      sold++;
      last = performance.now();
    } else refusals.set(outcome, (refusals.get(outcome) ?? 0) + 1);
  }));
  const seconds = (last - t0) / 1000;
  return { sold, seconds, rate: sold / seconds, p50: percentile(flows, 50), p99: percentile(flows, 99), refusals };
}

async function track(db: pg.Client, formId: string) {
  await db.query(`
    with s as (insert into store (project_id, name) select d.project_id, 'Drop' from form_document d where d.form_id = $1 returning id),
    linked as (update form set store_id = (select id from s), revision = revision + 1 where id = $1),
    i as (insert into inventory_item (store_id, sku, form_field_option_id) select s.id, left(o.id::text, 8), o.id from s, form_field_option o where o.form_id = $1 returning id)
    insert into inventory_level (inventory_item_id, available, on_hand) select id, $2, $2 from i`, [formId, UNITS]);
}

async function main() {
  const standin = await startStripeStandin();
  Object.assign(process.env, {
    STRIPE_API_BASE: standin.base, STRIPE_SECRET_KEY: standin.secret_key, STRIPE_PUBLISHABLE_KEY: "pk_test_standin",
    STRIPE_WEBHOOK_SECRET: standin.webhook_secret, PUBLIC_RATE_LIMIT_FACTOR: "0",
  });
  const server = await startScratchServer(ADMIN_URL);
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  try {
    const base = server.baseUrl;
    const project = await createBenchProject(base, form("Free drop", false));
    const csrf = ((await (await fetch(`${base}/private/editor/me`, { headers: { cookie: project.cookie } })).json()) as { data: { csrf_token: string } }).data.csrf_token;
    const paid = ((await (await fetch(`${base}/private/editor/projects/${project.project_id}/forms`, {
      method: "POST", body: JSON.stringify(form("Paid drop", true)),
      headers: { cookie: project.cookie, [CSRF_HEADER]: csrf, "content-type": "application/json", accept: "application/json" },
    })).json()) as { data: { id: string } }).data.id;
    await track(db, project.form_id);
    await track(db, paid);
    const session = async (formId: string) => (await json(await fetch(`${base}/v1/${formId}/session`))).data!.id as string;
    const post = (path: string, body: unknown) => fetch(`${base}${path}`, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", accept: "application/json" } });

    const free = await rush(async () => {
      const sid = await session(project.form_id);
      const answer = await json(await fetch(`${base}/submit/${project.form_id}`, {
        method: "POST", body: new URLSearchParams({ ticket: "drop", __fw_session: sid }), headers: { accept: "application/json" },
      }));
      return answer.data ? "sold" : answer.error!.code;
    });
    const paying = await rush(async () => {
      const sid = await session(paid);
      const started = await json(await post(`/v1/${paid}/payment`, { answers: { ticket: ["drop"], __fw_session: [sid] } }));
      if (!started.data) return started.error!.code;
      const confirmed = await json(await post(`/v1/${paid}/payment/confirm`, { session_id: sid, payment_intent: started.data.payment_intent, card: VISA }));
      return confirmed.data ? "sold" : `after paying: ${confirmed.error!.code}`;
    });

    const { rows: [after] } = await db.query<{ rows: number; available: number; committed: number; completed: number }>(`
      select (select count(*)::int from payment where form_id = $1 and status = 'completed') as completed,
             (select response_count from form where id = $1) as rows, l.available, l.committed
      from inventory_level l join inventory_item i on i.id = l.inventory_item_id join form_field_option o on o.id = i.form_field_option_id where o.form_id = $1`, [paid]);
    const intents = standin.charges.map((c) => c.payment_intent);
    const doubles = intents.length - new Set(intents).size;
    const refusedAfterPaying = [...paying.refusals.keys()].some((code) => code.startsWith("after paying"));
    const exact = paying.sold === UNITS && after!.rows === UNITS && after!.available === 0 && after!.committed === UNITS
      && after!.completed === UNITS && standin.charges.length === UNITS && standin.refunds.length === 0 && doubles === 0 && !refusedAfterPaying;

    const fmt = (d: Drop) => `sold ${d.sold} in ${d.seconds.toFixed(2)} s (${d.rate.toFixed(0)}/s), buyer flow p50 ${d.p50.toFixed(0)} ms p99 ${d.p99.toFixed(0)} ms; refused ${[...d.refusals].map(([c, n]) => `${c} ${n}`).join(", ")}`;
    console.log(`\nbench:paid-drop — PostgreSQL + Stripe stand-in, ${BUYERS} buyers for ${UNITS} units, ${cpus().length} cores`);
    console.log(`free: ${fmt(free)}`);
    console.log(`paid: ${fmt(paying)}`);
    console.log(`paid/free sales per second: ${(paying.rate / free.rate).toFixed(2)}; charges ${standin.charges.length}, double ${doubles}, refunds ${standin.refunds.length} — ${exact ? "exact" : "NOT EXACT"}\n`);

    appendResultRow({
      name: "bench:paid-drop",
      intro: "`npm run bench:paid-drop`: BUYERS buyers at once for UNITS units of a tracked ticket, on PostgreSQL, first on a free form (session, submit), then on a paid one (session, Pay, card confirmed by the server at the local Stripe stand-in, row). **sales/s** is units sold over the time to sell out; **flow** is one buyer's requests end to end. **exact**: UNITS paid rows, UNITS committed units, UNITS charges, none twice, no refund, every other buyer refused before paying.",
      columns: ["date", "commit", "machine", "buyers", "units", "free sales/s", "free flow p99 ms", "paid sales/s", "paid flow p50 ms", "paid flow p99 ms", "paid/free", "charges", "exact"],
    }, [resultDate(), currentCommit(), `${cpus().length} cores`, BUYERS, UNITS, free.rate.toFixed(0), free.p99.toFixed(0), paying.rate.toFixed(0),
      paying.p50.toFixed(0), paying.p99.toFixed(0), (paying.rate / free.rate).toFixed(2), standin.charges.length, exact ? "yes" : "NO"]);
    if (!exact) process.exitCode = 1;
  } finally {
    await db.end();
    await server.close();
    await standin.close();
  }
}

await main();
