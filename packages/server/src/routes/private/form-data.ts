/**
 * Data mode's private calls beside the Data API (docs/private-api.md "Data mode"): a form's
 * live row feed (Server-Sent Events), its analytics, and a customer's details. Viewers may
 * read; a caller who cannot see the form or the customer gets 404, as for any resource.
 */
import { ANALYTICS_INTERVALS, FieldworkError, LIMITS, ROW_CHANGE_EVENT } from "@fieldwork/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireDocumentRole, requireFormRole, requireProjectRole } from "../../auth/access";
import { listSchemaTables } from "../../schemas/schema-service";
import { formAnalytics } from "../../forms/analytics";
import { customerDetails, findCustomer } from "../../forms/customer-details";
import { loadFormRecord } from "../../forms/form-record";
import { callerKeyOf } from "../../limits/load-limits";
import { EventStream } from "../../realtime/event-stream";
import { callerOf } from "./authenticate";
import { parseBody } from "./parse";

const FormParams = z.object({ form_id: z.string().max(LIMITS.short_text_length) });
const SchemaTableParams = z.object({ schema_id: z.string().max(LIMITS.short_text_length), table_id: z.string().max(LIMITS.short_text_length) });
// Any string: a malformed id is a customer nobody can see (404), whatever its length.
const CustomerParams = z.object({ customer_id: z.string() });
const AnalyticsQuery = z.object({ interval: z.enum(ANALYTICS_INTERVALS).default("day") });

export async function formDataRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ok = <T>(data: T) => ({ data, error: null });
  const streams = new Set<EventStream>();
  // Open streams would hold the server's close until their clients leave.
  app.addHook("preClose", async () => {
    for (const stream of streams) stream.end();
  });

  /**
   * `text/event-stream` of `rows` events (`RowChange`), at most one per 100 ms, a comment every 25 s.
   * One member or API key holds at most CHANGE_STREAMS_PER_MEMBER of them (429 TOO_MANY_STREAMS).
   * `key`: a form's id, or a schema table's (row-feed.ts reads either).
   */
  const changes = async (request: FastifyRequest, reply: FastifyReply, key: string) => {
    const max = app.load.changeStreamsPerMember;
    const release = app.slots.take("stream", callerKeyOf(request)!, { perCaller: max },
      new FieldworkError("TOO_MANY_STREAMS", `A member or API key keeps at most ${max} change streams open. Close another tab of this form's data and try again.`));
    const stream = new EventStream();
    let unsubscribe: () => void;
    try {
      unsubscribe = await app.rowFeed.subscribe(key, (change) => stream.send(ROW_CHANGE_EVENT, change));
    } catch (error) {
      release();
      stream.end();
      throw error;
    }
    streams.add(stream);
    stream.onClose(() => {
      release();
      unsubscribe();
      streams.delete(stream);
    });
    return stream.answer(reply);
  };

  app.get("/forms/:form_id/changes", { schema: { params: FormParams } }, async (request, reply) => {
    const form = await requireFormRole(app.db, callerOf(request), request.params.form_id, "viewer");
    return changes(request, reply, form.id);
  });

  // A schema document's table: its rows' changes, as a form's (data/table/{name} in the workbench).
  app.get("/schema/:schema_id/tables/:table_id/changes", { schema: { params: SchemaTableParams } }, async (request, reply) => {
    const doc = await requireDocumentRole(app.db, callerOf(request), request.params.schema_id, "viewer");
    const table = (await listSchemaTables(app.db, doc)).find((t) => t.id === request.params.table_id || t.name === request.params.table_id);
    if (!table) throw new FieldworkError("NOT_FOUND", "No such table in this schema.");
    return changes(request, reply, table.id);
  });

  app.get("/forms/:form_id/analytics", { schema: { params: FormParams } }, async (request) => {
    const form = await requireFormRole(app.db, callerOf(request), request.params.form_id, "viewer");
    const { interval } = parseBody(AnalyticsQuery, request.query);
    const record = await loadFormRecord(app.db, form.id);
    if (!record) throw new FieldworkError("NOT_FOUND");
    return ok(await formAnalytics(app.db, record, interval));
  });

  app.get("/customers/:customer_id", { schema: { params: CustomerParams } }, async (request) => {
    const customer = await findCustomer(app.db, request.params.customer_id);
    if (!customer) throw new FieldworkError("NOT_FOUND");
    await requireProjectRole(app.db, callerOf(request), customer.project_id, "viewer");
    return ok(await customerDetails(app.db, customer));
  });
}
