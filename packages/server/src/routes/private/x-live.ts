/**
 * Live rows of a connected table (docs/databases.md "Live rows"):
 * `GET /private/editor/x-supabase/projects/{id}/changes?schema=&table=` (viewers) answers
 * Server-Sent Events in the shape of a form's row feed (`rows` events carrying a RowChange
 * whose `form_id` is `x:{connection}:{schema}.{table}`), from the server's poll of the
 * table's write counters (external/live-rows.ts). A member keeps at most
 * CHANGE_STREAMS_PER_MEMBER streams open, as for forms; a view is LIVE_ROWS_UNAVAILABLE.
 */
import { FieldworkError, LIMITS, ROW_CHANGE_EVENT } from "@fieldwork/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { connectionErrorOf } from "../../external/connection-errors";
import { snapshotTable } from "../../external/external-catalog";
import { ExternalLiveRows } from "../../external/live-rows";
import { callerKeyOf } from "../../limits/load-limits";
import { EventStream } from "../../realtime/event-stream";
import { callerOf } from "./authenticate";
import { parseBody } from "./parse";

const Params = z.object({ id: z.string().max(LIMITS.short_text_length) });
const Query = z.looseObject({ schema: z.string().min(1).max(256).default("public"), table: z.string().min(1).max(256) });

export async function xLiveRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const live = new ExternalLiveRows({}, (message) => app.log.warn(message));
  const streams = new Set<EventStream>();
  app.addHook("preClose", async () => {
    for (const stream of streams) stream.end();
  });
  app.addHook("onClose", async () => live.close());

  app.get("/x-supabase/projects/:id/changes", { schema: { params: Params } }, async (request, reply) => {
    const row = await app.external.require(callerOf(request), request.params.id, "viewer");
    const { schema, table: name } = parseBody(Query, request.query);
    const opened = app.external.open(row);
    const table = snapshotTable(opened.snapshot, schema, name);
    if (table.kind !== "table") throw new FieldworkError("LIVE_ROWS_UNAVAILABLE");
    const max = app.load.changeStreamsPerMember;
    const release = app.slots.take("stream", callerKeyOf(request)!, { perCaller: max },
      new FieldworkError("TOO_MANY_STREAMS", `A member or API key keeps at most ${max} change streams open. Close another tab of this data and try again.`));
    const stream = new EventStream();
    let unsubscribe: () => void;
    try {
      unsubscribe = await live.subscribe(row.id, () => app.external.open(row).db, table, (change) => stream.send(ROW_CHANGE_EVENT, change));
    } catch (error) {
      release();
      stream.end();
      throw connectionErrorOf(error, opened.secrets);
    }
    streams.add(stream);
    stream.onClose(() => {
      release();
      unsubscribe();
      streams.delete(stream);
    });
    return stream.answer(reply);
  });
}
