/**
 * A store's products and the form options that sell them (core/store-api.ts lists the
 * calls, docs/private-api.md "Store"). Viewers of the store's project read; editors change.
 * Access is checked first (a store of a project the caller is not in answers 404
 * STORE_NOT_FOUND, as a missing one does), then the body is read; services own transactions.
 */
import { InventoryAdjust, LIMITS, OptionProductLink, ProductInput, StoreUpdate } from "@fieldwork/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireFormRole } from "../../auth/access";
import { linkOptionProduct, unlinkOptionProduct } from "../../inventory/product-links";
import { storeProducts } from "../../inventory/product-read";
import { createProduct, deleteProduct, replaceProduct } from "../../inventory/product-write";
import { requireStoreRole } from "../../inventory/store-access";
import { deleteStore, updateStore } from "../../inventory/store-admin";
import { adjustValueLevel } from "../../inventory/value-levels";
import { callerOf } from "./authenticate";
import { parseBody } from "./parse";

const id = z.string().max(LIMITS.short_text_length);
const StoreParams = z.object({ store_id: id });
const ProductParams = z.object({ store_id: id, product_id: id });
const ValueParams = z.object({ store_id: id, value_id: id });
const OptionParams = z.object({ form_id: id, option_id: id });

export async function storeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  type StoreRequest = FastifyRequest & { params: { store_id: string } };
  const viewer = (request: StoreRequest) => requireStoreRole(app.db, callerOf(request), request.params.store_id, "viewer");
  const editor = (request: StoreRequest) => requireStoreRole(app.db, callerOf(request), request.params.store_id, "editor");
  const ok = <T>(data: T) => ({ data, error: null });

  app.get("/stores/:store_id", { schema: { params: StoreParams } }, async (request) => {
    return ok(await storeProducts(app.db, await viewer(request)));
  });

  app.patch("/stores/:store_id", { schema: { params: StoreParams } }, async (request) => {
    const store = await editor(request);
    return ok({ store: await updateStore(app.db, store, parseBody(StoreUpdate, request.body)) });
  });

  app.delete("/stores/:store_id", { schema: { params: StoreParams } }, async (request) => {
    return ok(await deleteStore(app.db, await editor(request)));
  });

  app.post("/stores/:store_id/products", { schema: { params: StoreParams } }, async (request, reply) => {
    const store = await editor(request);
    const { product_id } = await createProduct(app.db, store, parseBody(ProductInput, request.body));
    return reply.code(201).send(ok({ product: (await storeProducts(app.db, store, product_id)).products[0] }));
  });

  app.put("/stores/:store_id/products/:product_id", { schema: { params: ProductParams } }, async (request) => {
    const store = await editor(request);
    const { product_id } = await replaceProduct(app.db, store, request.params.product_id, parseBody(ProductInput, request.body));
    return ok({ product: (await storeProducts(app.db, store, product_id)).products[0] });
  });

  app.delete("/stores/:store_id/products/:product_id", { schema: { params: ProductParams } }, async (request) => {
    return ok(await deleteProduct(app.db, await editor(request), request.params.product_id));
  });

  app.patch("/stores/:store_id/values/:value_id/inventory", { schema: { params: ValueParams } }, async (request) => {
    const store = await editor(request);
    return ok(await adjustValueLevel(app.db, store, request.params.value_id, parseBody(InventoryAdjust, request.body)));
  });

  type FormRequest = FastifyRequest & { params: { form_id: string } };
  const formEditor = (request: FormRequest) => requireFormRole(app.db, callerOf(request), request.params.form_id, "editor");

  app.put("/forms/:form_id/options/:option_id/product", { schema: { params: OptionParams } }, async (request) => {
    const form = await formEditor(request);
    const { product_option_value_id } = parseBody(OptionProductLink, request.body);
    return ok(await linkOptionProduct(app.db, form.id, request.params.option_id, product_option_value_id));
  });

  app.delete("/forms/:form_id/options/:option_id/product", { schema: { params: OptionParams } }, async (request) => {
    const form = await formEditor(request);
    return ok(await unlinkOptionProduct(app.db, form.id, request.params.option_id));
  });
}
