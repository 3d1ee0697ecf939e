/**
 * A paid row's money in the record panel (issue 23): its movements (viewers read) and the
 * owner's refund (editors; payments/payment-owner.ts refunds once). Access is checked
 * first, so a member of another project gets 404 whatever ids they send.
 */
import { LIMITS } from "@fieldwork/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireFormRole } from "../../auth/access";
import type { PaymentContext } from "../../payments/payment-complete";
import { refundRow, rowPayments } from "../../payments/payment-owner";
import { callerOf } from "./authenticate";

const id = z.string().max(LIMITS.short_text_length);
const RowParams = z.object({ form_id: id, row_id: id });

export async function paymentOwnerRoutes(fastify: FastifyInstance, options: { payments: PaymentContext }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ok = <T>(data: T) => ({ data, error: null });

  app.get("/forms/:form_id/responses/:row_id/payments", { schema: { params: RowParams } }, async (request) => {
    const form = await requireFormRole(app.db, callerOf(request), request.params.form_id, "viewer");
    return ok(await rowPayments(app.db, form.id, request.params.row_id));
  });

  app.post("/forms/:form_id/responses/:row_id/refund", { schema: { params: RowParams } }, async (request) => {
    const form = await requireFormRole(app.db, callerOf(request), request.params.form_id, "editor");
    return ok(await refundRow(options.payments, form.id, request.params.row_id));
  });
}
