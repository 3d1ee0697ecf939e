/**
 * A form's schedule at its edges, in three time zones (spec 3 §4: before_open,
 * after_open_before_close, after_close): the owner sets the zone and the open and close
 * times through the real settings route, then a visitor loads and submits one millisecond
 * before opening, at opening, one millisecond before closing and at closing. The zones are
 * picked for their awkward edges: Los Angeles opens in the first minute after the spring
 * clock change and closes in the repeated hour of the autumn one, Kolkata sits at +05:30,
 * Lord Howe closes in the half hour its clocks go back.
 *
 * The routes take no clock, so only `Date` is faked (vitest), the database's own timers and
 * connections keep running.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/database";
import { as, ORIGIN, signUp, type Member } from "../test/accounts";
import { BACKENDS, multipart } from "../test/backends";

const ZONES = [
  { tz: "America/Los_Angeles", open_at: "2026-03-08T03:00:00-07:00", close_at: "2026-11-01T01:30:00-08:00", open_wall: "03:00", close_wall: "01:30" },
  { tz: "Asia/Kolkata", open_at: "2026-01-01T00:00:00+05:30", close_at: "2026-01-01T00:30:00+05:30", open_wall: "00:00", close_wall: "00:30" },
  { tz: "Australia/Lord_Howe", open_at: "2026-04-05T01:45:00+11:00", close_at: "2026-04-05T01:45:00+10:30", open_wall: "01:45", close_wall: "01:45" },
];

/** The wall clock time of an instant in a zone, as the owner typed it. */
const wallTime = (iso: string, tz: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: tz, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));

describe.each(BACKENDS)("schedule edges on $name", (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let owner: Member;
  let project: string;

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    app = await buildApp({ db: database.db, publicUrl: ORIGIN, rateLimitFactor: 0 });
    owner = await signUp(app, "schedule-owner@example.com", "correct horse battery", "10.31.0.1");
    const org = (await as(app, owner)("POST", "/private/editor/organizations", { name: "schedules" })).json().data.id;
    project = (await as(app, owner)("POST", `/private/editor/organizations/${org}/projects`, { name: "events" })).json().data.id;
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const call = (method: "GET" | "POST" | "PATCH", path: string, body?: unknown) => as(app, owner)(method, `/private/editor${path}`, body);

  /** A published form with one text field, scheduled through `POST /private/editor/settings/form-schedule`. */
  async function scheduledForm(zone: (typeof ZONES)[number]): Promise<string> {
    const doc = (await call("POST", `/projects/${project}/documents`, { doctype: "v0_form", title: `Opens in ${zone.tz}` })).json().data;
    const form = doc.form_id as string;
    const revision = async () => (await call("GET", `/forms/${form}`)).json().data.revision as number;
    expect((await call("POST", `/forms/${form}/fields`, { revision: await revision(), field: { name: "name", type: "text" }, focus_block_id: null })).statusCode).toBe(201);
    const saved = await call("POST", "/settings/form-schedule", {
      form_id: form, revision: await revision(), enabled: true, open_at: zone.open_at, close_at: zone.close_at, tz: zone.tz,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call("PATCH", `/documents/${doc.id}`, { published: true })).statusCode).toBe(200);
    return form;
  }

  const load = async (form: string) => {
    const answer = await app.inject({ method: "GET", url: `/v1/${form}`, headers: { accept: "application/json" } });
    return answer.json().data.error?.code ?? "open";
  };
  const submit = async (form: string) => {
    const body = multipart({ name: "Ada" });
    const answer = await app.inject({ method: "POST", url: `/submit/${form}`, payload: body.payload, headers: { ...body.headers, accept: "application/json" } });
    return answer.statusCode === 201 ? "open" : `${answer.statusCode} ${answer.json().error.code}`;
  };

  it.skipIf(!backend.available).each(ZONES)("opens at open_at and closes at close_at in $tz, to the millisecond", async (zone) => {
    // The times are the wall clock times the owner meant in that zone (offsets checked against the zone's rules).
    expect([wallTime(zone.open_at, zone.tz), wallTime(zone.close_at, zone.tz)]).toEqual([zone.open_wall, zone.close_wall]);
    const form = await scheduledForm(zone);
    const settings = (await call("GET", `/forms/${form}`)).json().data.settings.scheduling;
    expect(settings).toEqual({ enabled: true, open_at: new Date(zone.open_at).toISOString(), close_at: new Date(zone.close_at).toISOString(), tz: zone.tz });

    const open = Date.parse(zone.open_at), close = Date.parse(zone.close_at);
    const closed = "403 FORM_SCHEDULE_NOT_IN_RANGE";
    const moments: [string, number, string, string][] = [
      ["1 ms before open", open - 1, "FORM_SCHEDULE_NOT_IN_RANGE", closed],
      ["at open", open, "open", "open"],
      ["1 ms before close", close - 1, "open", "open"],
      ["at close", close, "FORM_SCHEDULE_NOT_IN_RANGE", closed],
    ];
    const seen = [];
    for (const [label, at] of moments) {
      vi.useFakeTimers({ toFake: ["Date"], now: at });
      seen.push([label, at, await load(form), await submit(form)]);
      vi.useRealTimers();
    }
    expect(seen).toEqual(moments);
    // The page itself sends a visitor outside the window to the closed page.
    vi.useFakeTimers({ toFake: ["Date"], now: close });
    const page = await app.inject({ method: "GET", url: `/d/e/${form}`, headers: { accept: "text/html" } });
    expect([page.statusCode, page.headers.location]).toEqual([302, `/d/e/${form}/formclosed?oops=FORM_SCHEDULE_NOT_IN_RANGE`]);
  });
});
