/**
 * The row feed notifies only while someone watches a table (row-feed-watch.ts), on both
 * backends: an insert into a table nobody watches sends no NOTIFY; a subscriber sees every
 * row committed after its subscription was acknowledged, including rows of writers that were
 * in flight when it subscribed; a watch lives while its feed has subscribers and lapses after.
 */
import { ROW_CHANGE_CHANNEL } from "@fieldwork/core";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachAtOnce } from "../test/at-once";
import { BACKENDS } from "../test/backends";
import { openDataApiFixture, type DataApiFixture } from "../test/data-api";
import { openSse, serverUrl, type SseClient } from "../test/sse";
import { RowFeed } from "./row-feed";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeEachAtOnce(BACKENDS, "row-feed watches on $name", (backend) => {
  let f: DataApiFixture;
  let base: string;
  let localIndex = 500_000;
  /** Payloads of the channel for the fixture's table, heard on a LISTEN of the test's own. */
  const heard: string[] = [];
  let unlisten: (() => Promise<void>) | undefined;
  const open: SseClient[] = [];
  const insert = () => sql`insert into ${sql.table(`form_data.${f.table}`)} (local_index, name) values (${localIndex++}, 'w')`
    .execute(f.database.db);
  const subscribe = async () => {
    const client = await openSse(`${base}/private/editor/forms/${f.form_id}/changes`, { authorization: `Bearer ${f.keys.viewer}` });
    open.push(client);
    expect(client.status, client.body).toBe(200);
    return client;
  };
  beforeAll(async () => {
    if (!backend.available) return;
    f = await openDataApiFixture(backend, `watch-${backend.name}`);
    base = await serverUrl(f.app);
    unlisten = await f.database.listen(ROW_CHANGE_CHANNEL, (payload) => {
      if ((JSON.parse(payload) as { table: string }).table === f.table) heard.push(payload);
    });
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await unlisten?.();
    await f?.close();
  });

  it.skipIf(!backend.available)("sends no NOTIFY for an insert into a table nobody watches, and one once someone does", async () => {
    await insert();
    await sleep(300);
    expect(heard).toEqual([]);
    const client = await subscribe();
    await insert();
    expect(JSON.parse((await client.next(1000)).data)).toEqual({ form_id: f.form_id, op: "INSERT", count: 1 });
    expect(heard).toHaveLength(1);
    client.close();
  });

  it.skipIf(!backend.available)("acknowledges a subscription only after writers in flight have committed", async () => {
    // A fresh table state: the watch written by the test before is cleared (its feed still trusts it, so use a feed of our own).
    await sql`delete from row_feed_watch where table_name = ${f.table}`.execute(f.database.db);
    const feed = new RowFeed({ db: f.database.db, listen: f.database.listen, coalesceMs: 10 });
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    let inserted!: () => void;
    const insertedInFlight = new Promise<void>((r) => { inserted = r; });
    const writer = f.database.db.transaction().execute(async (trx) => {
      await sql`insert into ${sql.table(`form_data.${f.table}`)} (local_index, name) values (${localIndex++}, 'in flight')`.execute(trx);
      inserted();
      await held;
    });
    await insertedInFlight;
    const seen: number[] = [];
    let acknowledged = false;
    const subscription = feed.subscribe(f.form_id, (change) => seen.push(change.count)).then((u) => { acknowledged = true; return u; });
    await sleep(300);
    expect(acknowledged).toBe(false);
    release();
    await writer;
    const unsubscribe = await subscription;
    await insert();
    await expect.poll(() => seen.reduce((a, b) => a + b, 0), { timeout: 2000 }).toBeGreaterThanOrEqual(1);
    unsubscribe();
    await feed.close();
  });

  it.skipIf(!backend.available)("shows a subscriber every row committed after its acknowledgement during a rush", async () => {
    await sql`delete from row_feed_watch where table_name = ${f.table}`.execute(f.database.db);
    const feed = new RowFeed({ db: f.database.db, listen: f.database.listen, coalesceMs: 10 });
    let seen = 0;
    let acknowledgedAt = Infinity;
    let afterAck = 0;
    let stop = false;
    const writers = Array.from({ length: 4 }, async () => {
      while (!stop) {
        const began = performance.now();
        await insert();
        if (began > acknowledgedAt) afterAck++;
      }
    });
    await sleep(150);
    const unsubscribe = await feed.subscribe(f.form_id, (change) => { seen += change.count; });
    acknowledgedAt = performance.now();
    await sleep(400);
    stop = true;
    await Promise.all(writers);
    expect(afterAck).toBeGreaterThan(0);
    await expect.poll(() => seen, { timeout: 2000 }).toBeGreaterThanOrEqual(afterAck);
    unsubscribe();
    await feed.close();
  });

  it.skipIf(!backend.available)("keeps a watch alive while subscribed and lets it lapse after the last subscriber leaves", async () => {
    await sql`delete from row_feed_watch where table_name = ${f.table}`.execute(f.database.db);
    // Heartbeat 250 ms: a watch lives 1 s without one.
    const feed = new RowFeed({ db: f.database.db, listen: f.database.listen, coalesceMs: 10, watchHeartbeatMs: 250 });
    let seen = 0;
    const unsubscribe = await feed.subscribe(f.form_id, (change) => { seen += change.count; });
    await sleep(1600);
    // The rush of the case before may still be on its way through the shared LISTEN connection
    // when this feed subscribes (on a busy machine its last notifications were counted here
    // once): only what the insert below sends counts.
    seen = 0;
    await insert();
    await expect.poll(() => seen, { timeout: 2000 }).toBe(1);
    unsubscribe();
    await sleep(1800);
    heard.length = 0;
    await insert();
    await sleep(300);
    expect(heard).toEqual([]);
    await feed.close();
  });
});
