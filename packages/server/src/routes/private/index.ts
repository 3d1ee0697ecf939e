/**
 * The private editor API under /private/editor. Authentication runs as an onRequest hook
 * of this subtree, which also owns a catch-all route, so every path under the prefix,
 * known or not, answers 401 to a caller without credentials.
 */
import { FieldworkError } from "@fieldwork/core";
import type { FastifyInstance } from "fastify";
import { audit } from "../../auth/audit";
import type { Auth } from "../../auth/better-auth";
import { limitCallerRate } from "../../limits/load-limits";
import { authenticator } from "./authenticate";
import { documentRoutes } from "./documents";
import { meRoutes } from "./me";
import { organizationRoutes } from "./organizations";
import { apiKeyRoutes } from "./api-keys";
import { projectRoutes } from "./projects";
import { invitationRoutes } from "./invitations";
import { formRoutes } from "./forms";
import { formEditorRoutes } from "./form-editor";
import { editorSettingsRoutes } from "./editor-settings";
import { formDataRoutes } from "./form-data";
import { webhookRoutes } from "./webhooks";
import { inventoryRoutes } from "./inventory";
import { storeRoutes } from "./store";
import { paymentOwnerRoutes } from "./payments";
import type { PaymentContext } from "../../payments/payment-complete";
import { ownerFileRoutes } from "./owner-files";
import { schemaTableRoutes } from "./schema-tables";
import { bucketRoutes } from "./buckets";
import { memberRestRoutes } from "../rest/index";
import { aiRoutes } from "./ai";
import { xConnectionRoutes } from "./x-connections";
import { externalRestRoutes } from "../rest/external-rest";
import { xLiveRoutes } from "./x-live";
import type { AiSettings } from "../../ai/ai-settings";

export interface PrivateOptions {
  auth: Auth; secret: string; publicUrl: string; ai?: Partial<AiSettings> | undefined;
  /** The payment providers (payments/payment-plugin.ts), for the record panel's refund. */
  payments: PaymentContext;
}

export async function privateRoutes(app: FastifyInstance, options: PrivateOptions): Promise<void> {
  const authenticate = authenticator(options);
  app.decorateRequest("caller", null);
  app.addHook("onRequest", authenticate);
  app.addHook("onRequest", limitCallerRate);
  app.addHook("onError", async (request, _reply, error) => {
    if (error instanceof FieldworkError && error.code === "FORBIDDEN" && request.caller) {
      const caller = request.caller;
      await audit(app.db, request, {
        event: "access.forbidden", status: 403,
        user_id: caller.kind === "user" ? caller.user_id : null,
        api_key_id: caller.kind === "api_key" ? caller.api_key_id : null,
        details: { message: error.message },
      });
    }
  });
  // Unknown paths of the subtree land here (after the hook), not in the app-wide handlers.
  app.all("/*", async () => {
    throw new FieldworkError("NOT_FOUND");
  });

  await app.register(meRoutes, { auth: options.auth, secret: options.secret, publicUrl: options.publicUrl });
  await app.register(organizationRoutes);
  await app.register(documentRoutes);
  await app.register(apiKeyRoutes);
  await app.register(projectRoutes);
  await app.register(invitationRoutes);
  await app.register(formRoutes, { publicUrl: options.publicUrl });
  await app.register(formEditorRoutes);
  await app.register(editorSettingsRoutes);
  await app.register(formDataRoutes);
  await app.register(webhookRoutes);
  await app.register(inventoryRoutes);
  await app.register(storeRoutes);
  await app.register(paymentOwnerRoutes, { payments: options.payments });
  await app.register(ownerFileRoutes);
  await app.register(bucketRoutes);
  await app.register(schemaTableRoutes);
  await app.register(aiRoutes, { ai: options.ai });
  await app.register(memberRestRoutes, { prefix: "/projects/:project_id/rest/v1" });
  await app.register(xConnectionRoutes);
  await app.register(externalRestRoutes, { prefix: "/x-supabase/projects/:id/rest/v1" });
  await app.register(xLiveRoutes);
}
