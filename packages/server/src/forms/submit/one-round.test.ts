/**
 * The one-round batch (one-round.ts) against the two-round way it stands in for, on
 * PostgreSQL: twin forms in one database get the same history and the same batch, one through
 * `writeBatch` (one round when it fits) and one through the two-round way only; every member's
 * outcome and what each form holds after (rows, counters, the addresses' hits) must be the
 * same. The history changes the locked row behind the members' backs (a total limit reached
 * or near, force-closed, a schedule that ended, earlier hits of the batch's addresses), so the
 * guard's fallback is exercised as well as the round itself.
 */
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database";
import { importForm } from "../definition-import";
import { loadPublishedForm } from "../preload";
import { defaultProject } from "../../seed/seed";
import { BACKENDS } from "../../test/backends";
import { writeBatch, writeInTwoRounds, type MemberResult } from "./batch-write";
import { oneRoundFits, writeInOneRound } from "./one-round";
import { readSubmit } from "./submit";

const postgres = BACKENDS.find((b) => b.name === "postgres")!;

const FORM = {
  title: "Twins", settings: { published: true },
  fields: [{ name: "who", type: "text" }, { name: "n", type: "number" }],
  blocks: [{ type: "field", field: "who" }, { type: "field", field: "n" }],
};

describe("a batch in one round against the same batch in two", () => {
  let database: Database;
  let project: string;
  beforeAll(async () => {
    if (!postgres.available) return;
    database = await postgres.open();
    project = await defaultProject(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  const scenario = fc.record({
    before: fc.nat(4),
    max_total: fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }),
    closed: fc.constantFrom("open", "open", "open", "force-closed", "schedule-ended"),
    // Mostly a limit no member reaches, so the round writes; else one the batch's addresses may pass.
    limit: fc.oneof({ weight: 2, arbitrary: fc.constant(100) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 }) }),
    earlier_hits: fc.array(fc.nat(3), { minLength: 3, maxLength: 3 }),
    members: fc.array(fc.nat(2), { minLength: 1, maxLength: 6 }),
  });

  const outcome = (result: MemberResult) => (result.kind === "inserted"
    ? { kind: result.kind, local_index: result.row.local_index, duplicate: result.row.duplicate }
    : result.kind === "refused" ? { kind: result.kind, code: result.code, retry_after: result.retry_after !== undefined } : { kind: result.kind });

  it.skipIf(!postgres.available)("gives every member the two-round outcome and leaves the same rows, counters and hits", async () => {
    let twin = 0;
    let oneRound = 0;
    await fc.assert(fc.asyncProperty(scenario, async (s) => {
      twin++;
      const results: unknown[] = [];
      for (const way of ["one", "two"] as const) {
        const { id } = await importForm(database.db, project, { ...FORM, title: `Twins ${twin} ${way}` });
        let record = await loadPublishedForm(database.db, id);
        // The history: earlier answers, then the row changed behind the members' backs.
        const key = (address: number) => `submit:${twin}:${way}:${address}`;
        const limit = { max: s.limit, window_seconds: 60 };
        const item = (address: number, who: string, rate = true) => readSubmit(record, new Map([["who", [who]], ["n", ["1"]]]), {
          meta: { user_agent: null, referer: null, ip: null }, rate_hit: rate ? { key: key(address), limit } : null,
        }, new Date());
        for (let i = 0; i < s.before; i++) await writeInTwoRounds(database.db, record, [item(9, `before ${i}`, false)], () => undefined);
        for (const [address, hits] of s.earlier_hits.entries()) {
          if (hits) await sql`insert into rate_limit_hit (key, window_start, hits) values (${key(address)}, to_timestamp(floor(extract(epoch from now()) / 60) * 60), ${hits})`.execute(database.db);
        }
        await sql`update form set max_form_responses_in_total = ${s.max_total}, is_force_closed = ${s.closed === "force-closed"},
          is_scheduling_enabled = ${s.closed === "schedule-ended"}, scheduling_close_at = ${s.closed === "schedule-ended" ? new Date(Date.now() - 60_000) : null}
          where id = ${id}`.execute(database.db);
        record = { ...record, form: { ...record.form } };
        const batch = s.members.map((address, i) => item(address, `member ${i}`));
        if (way === "one") {
          expect(oneRoundFits(record, batch)).toBe(true);
          oneRound++;
        }
        const outcomes = way === "one"
          ? await writeBatch(database.db, record, batch)
          : await writeInTwoRounds(database.db, record, batch, () => undefined);
        const { rows: [form] } = await sql<{ response_count: number; last_local_index: number }>`
          select response_count, last_local_index from form where id = ${id}`.execute(database.db);
        const { rows: stored } = await sql<{ who: string; local_index: number }>`
          select who, local_index from ${sql.table(`form_data.${record.form.table_name}`)} order by local_index`.execute(database.db);
        const { rows: hits } = await sql<{ key: string; hits: number }>`
          select key, hits from rate_limit_hit where key like ${`submit:${twin}:${way}:%`} order by key`.execute(database.db);
        results.push({
          outcomes: outcomes.map(outcome), form, stored,
          hits: hits.map((h) => ({ address: h.key.split(":").at(-1), hits: h.hits })),
        });
      }
      expect(results[0]).toEqual(results[1]);
    }), { numRuns: 60 });
    expect(oneRound).toBe(60);
  }, 180_000);

  it.skipIf(!postgres.available)("writes an open form's batch in the round itself, numbered after the rows before, and counts each hit once", async () => {
    const { id } = await importForm(database.db, project, { ...FORM, title: "Round" });
    const record = await loadPublishedForm(database.db, id);
    const limit = { max: 60, window_seconds: 60 };
    const batch = (from: number) => [0, 1, 2].map((i) => readSubmit(record, new Map([["who", [`w${from + i}`]]]), {
      meta: { user_agent: null, referer: null, ip: null }, rate_hit: { key: `submit:round:${i}`, limit },
    }, new Date()));
    for (const from of [0, 3]) {
      const outcomes = await writeInOneRound(database.db, record, batch(from));
      expect(outcomes.map((o) => (o?.kind === "inserted" ? o.row.local_index : o))).toEqual([from + 1, from + 2, from + 3]);
    }
    const { rows: hits } = await sql<{ hits: number }>`select hits from rate_limit_hit where key like 'submit:round:%'`.execute(database.db);
    expect(hits.map((h) => h.hits)).toEqual([2, 2, 2]);
    const { rows: [form] } = await sql<{ response_count: number; last_local_index: number }>`
      select response_count, last_local_index from form where id = ${id}`.execute(database.db);
    expect(form).toEqual({ response_count: 6, last_local_index: 6 });
  });
});
