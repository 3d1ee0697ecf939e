/**
 * Two server processes on one PostgreSQL, as behind a load balancer: a rush split between
 * them still stops at the form's limit exactly, and numbers stay gapless (issue 11).
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase } from "../packages/server/src/test/backends";
import { startServer, type RunningServer } from "./harness";

const ANSWER: Record<string, string | string[]> = {
  full_name: "Ada Lovelace", email: "ada@example.com", phone: "555-123-4567", website: "https://ada.dev",
  team_size: "12", role: "engineer", start_date: "2026-12-01", plan: "team", features: ["forms", "payments"],
  satisfaction: "9", newsletter: "on", call_time: "09:30", comments: "Two instances", accept_terms: "on", source: "ad",
};

function body(extra: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries({ ...ANSWER, ...extra })) {
    for (const v of Array.isArray(value) ? value : [value]) data.append(name, v);
  }
  return data;
}

describe("two server processes on one PostgreSQL", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let servers: RunningServer[] = [];
  let client: pg.Client;
  let formId: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    // One after the other: the first migrates and seeds, the second finds both done.
    servers.push(await startServer({ databaseUrl: scratch.url }));
    servers.push(await startServer({ databaseUrl: scratch.url }));
    formId = servers[0]!.demoFormUrl.split("/").pop()!;
    client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await Promise.all(servers.map((s) => s.stop()));
    servers = [];
    await scratch?.drop();
  });

  const submit = (server: RunningServer, n: number, extra: Record<string, string> = {}) =>
    fetch(`${server.url}/submit/${formId}`, {
      method: "POST", body: body(extra),
      // Each buyer from their own address, as in a real rush (the per-address limit holds nobody back).
      headers: { accept: "application/json", "x-forwarded-for": `10.9.${n >> 8}.${n & 255}` },
    });

  it("200 submits split between them to a form limited to 10 make exactly 10 rows", async () => {
    const { rows: [before] } = await client.query<{ response_count: number; table_name: string }>("select response_count, table_name from form where id = $1", [formId]);
    await client.query("update form set max_form_responses_in_total = $2 where id = $1", [formId, before!.response_count + 10]);

    const answers = await Promise.all(Array.from({ length: 200 }, (_, n) => submit(servers[n % 2]!, n)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    const refused = await Promise.all(answers.filter((a) => a.status !== 201).map((a) => a.json() as Promise<{ error: { code: string } }>));
    expect(new Set(refused.map((r) => r.error.code))).toEqual(new Set(["FORM_RESPONSE_LIMIT_REACHED"]));

    const { rows } = await client.query<{ local_index: number }>(`select local_index from form_data."${before!.table_name}" order by local_index`);
    expect(rows.map((r) => r.local_index)).toEqual(Array.from({ length: before!.response_count + 10 }, (_, n) => n + 1));
  });

  it("one session submitted to both at once is one row", async () => {
    await client.query("update form set max_form_responses_in_total = null where id = $1", [formId]);
    const session = (await (await fetch(`${servers[0]!.url}/v1/${formId}/session`)).json() as { data: { id: string } }).data.id;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => submit(servers[n % 2]!, 1000 + n, { __fw_session: session })));
    const ids = await Promise.all(answers.map(async (a) => ((await a.json()) as { data: { id: string } }).data.id));
    expect(new Set(ids).size).toBe(1);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const { rows: [form] } = await client.query<{ table_name: string }>("select table_name from form where id = $1", [formId]);
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from form_data."${form!.table_name}" where session_id = $1`, [session]);
    expect(rows[0]!.n).toBe(1);
  });
});
