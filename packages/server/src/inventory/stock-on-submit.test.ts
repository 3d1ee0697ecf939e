/**
 * The submit engine against inventory's tables on both backends: an answer that picks a
 * tracked option takes one unit (available − 1, committed + 1) with an 'order' commit naming
 * the response, the workbench's levels show it, and a sold-out option is refused with
 * FORM_OPTION_UNAVAILABLE, changing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS, multipart } from "../test/backends";
import { inventoryWorld, type InventoryWorld } from "./inventory-test-setup";

describe.each(BACKENDS)("stock taken by submits on $name", (backend) => {
  let w: InventoryWorld;
  beforeAll(async () => {
    if (backend.available) w = await inventoryWorld(backend, `submit-${backend.name}`);
  });
  afterAll(async () => {
    await w?.close();
  });

  const submit = (form: string, entries: Record<string, string>) => {
    const body = multipart(entries);
    return w.app.inject({ method: "POST", url: `/submit/${form}`, payload: body.payload, headers: { ...body.headers, accept: "application/json" } });
  };

  it.skipIf(!backend.available)("takes one unit per chosen tracked option, with an 'order' commit, and refuses a sold-out one", async () => {
    const { form, document } = await w.newForm();
    const field = await w.addChoice(form, "ticket", ["early", "late"]);
    await w.call(w.owner, "PUT", `/forms/${form}/store`, { name: "Tickets" });
    await w.call(w.owner, "PUT", `/forms/${form}/fields/${field}/inventory`, { tracked: true });
    await w.call(w.owner, "PATCH", `/documents/${document}`, { published: true });
    const options = await w.optionsOf(form, field);
    const early = options[0]!;
    const late = options[1]!;
    await w.call(w.owner, "PATCH", `/forms/${form}/inventory/${late.id}`, { available: 0 });

    const accepted = await submit(form, { ticket: "early" });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const response = accepted.json().data.id as string;
    const levels = (await w.call(w.owner, "GET", `/forms/${form}/inventory`)).json().data.fields[0].options;
    expect(levels[0]).toMatchObject({ option_id: early.id, available: 9, on_hand: 10, committed: 1 });
    const commits = (await w.call(w.owner, "GET", `/forms/${form}/inventory/${early.id}/commits`)).json().data.commits;
    expect(commits[0]).toMatchObject({ diff: -1, reason: "order", form_id: form, response_id: response });

    const refused = await submit(form, { ticket: "late" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("FORM_OPTION_UNAVAILABLE");
    const after = (await w.call(w.owner, "GET", `/forms/${form}/inventory`)).json().data.fields[0].options;
    expect(after[1]).toMatchObject({ option_id: late.id, available: 0, committed: 0 });
  });
});
