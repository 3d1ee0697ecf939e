/** The one error handler: catalogue errors to JSON or pages, everything else hidden and logged. */
import { errorPagePath, FieldworkError } from "@fieldwork/core";
import type { PageAssets } from "@fieldwork/web/ssr-assets";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AnswersRefused } from "../forms/submit/answers-refused";
import { toFieldworkError } from "../http-errors";
import { renderDeveloperError, renderNotFound, renderRateLimited, renderRefusedSubmit } from "./pages";
import { wantsJson } from "./public";

const formIdOf = (request: FastifyRequest) => (request.params as { form_id?: string } | undefined)?.form_id;

export async function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply, assets: () => PageAssets) {
  let known = toFieldworkError(error);
  if (!known) {
    request.log.error({ err: error, reqId: request.id }, "unhandled error");
    known = new FieldworkError("INTERNAL_SERVER_ERROR", `Something went wrong on our side (request ${request.id}).`);
  }
  if (request.routeOptions.config.html && !wantsJson(request)) {
    const formId = formIdOf(request);
    // A native post with refused answers gets its form back, answers kept, messages under the fields.
    if (formId && error instanceof AnswersRefused) {
      // True once the page is sent. Not the reply itself: a reply is thenable, and awaiting it
      // waits for the answer to finish and yields undefined (then the redirect below sent twice).
      const sent = await renderRefusedSubmit(request.server, reply, formId, error, assets()).catch((cause: unknown) => {
        request.log.error({ err: cause, reqId: request.id }, "could not render the refused submit");
        return false;
      });
      if (sent) return reply;
    }
    const page = formId && known.code !== "FORM_NOT_FOUND" ? errorPagePath(formId, known.code, known.details.page_query) : undefined;
    if (page) return reply.redirect(page, 303);
    if (known.status === 404) return renderNotFound(reply, assets());
    if (known.code === "RATE_LIMITED") return renderRateLimited(reply, assets());
    if (known.status >= 500) return renderDeveloperError(reply, assets());
  }
  return reply.code(known.status).send({ data: null, error: known.toJSON() });
}

export function handleNotFound(request: FastifyRequest, reply: FastifyReply, assets: () => PageAssets) {
  if (request.method === "GET" && (request.headers.accept ?? "").includes("text/html")) {
    return renderNotFound(reply, assets());
  }
  return reply.code(404).send({ data: null, error: new FieldworkError("NOT_FOUND").toJSON() });
}
