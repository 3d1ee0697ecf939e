/**
 * Inventory of a form (core/inventory-api.ts lists the calls): its store, tracking a choice
 * field, and adjusting levels. Viewers read; editors change. Access is checked first (a
 * stranger gets 404 whatever they send), then the body is read; services own transactions.
 */
import { InventoryAdjust, LIMITS, StoreLink, TrackingUpdate } from "@fieldwork/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireFormRole } from "../../auth/access";
import { adjustOptionLevel, formInventory, optionCommits } from "../../inventory/levels";
import { linkStore, unlinkStore } from "../../inventory/stores";
import { setFieldTracking } from "../../inventory/tracking";
import { callerOf } from "./authenticate";
import { parseBody } from "./parse";

const id = z.string().max(LIMITS.short_text_length);
const FormParams = z.object({ form_id: id });
const FieldParams = z.object({ form_id: id, field_id: id });
const OptionParams = z.object({ form_id: id, option_id: id });

export async function inventoryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  type FormRequest = FastifyRequest & { params: { form_id: string } };
  const viewer = (request: FormRequest) => requireFormRole(app.db, callerOf(request), request.params.form_id, "viewer");
  const editor = (request: FormRequest) => requireFormRole(app.db, callerOf(request), request.params.form_id, "editor");
  const ok = <T>(data: T) => ({ data, error: null });

  app.get("/forms/:form_id/inventory", { schema: { params: FormParams } }, async (request) => {
    const form = await viewer(request);
    return ok(await formInventory(app.db, form.id));
  });

  app.put("/forms/:form_id/store", { schema: { params: FormParams } }, async (request) => {
    const form = await editor(request);
    return ok(await linkStore(app.db, form.id, parseBody(StoreLink, request.body)));
  });

  app.delete("/forms/:form_id/store", { schema: { params: FormParams } }, async (request) => {
    const form = await editor(request);
    return ok(await unlinkStore(app.db, form.id));
  });

  app.put("/forms/:form_id/fields/:field_id/inventory", { schema: { params: FieldParams } }, async (request) => {
    const form = await editor(request);
    const { tracked } = parseBody(TrackingUpdate, request.body);
    return ok(await setFieldTracking(app.db, form.id, request.params.field_id, tracked));
  });

  app.patch("/forms/:form_id/inventory/:option_id", { schema: { params: OptionParams } }, async (request) => {
    const form = await editor(request);
    return ok(await adjustOptionLevel(app.db, form.id, request.params.option_id, parseBody(InventoryAdjust, request.body)));
  });

  app.get("/forms/:form_id/inventory/:option_id/commits", { schema: { params: OptionParams } }, async (request) => {
    const form = await viewer(request);
    return ok(await optionCommits(app.db, form.id, request.params.option_id));
  });
}
