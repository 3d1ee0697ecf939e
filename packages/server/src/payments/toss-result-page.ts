/**
 * The page a buyer sees when Toss Payments' checkout sends them back without a payment
 * (failUrl), or the confirm is refused: Toss's own message (escaped), that nothing was
 * charged, and the way back to the form (its session keeps the answers).
 */
import { formPath } from "@fieldwork/core";
import type { FastifyReply } from "fastify";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function sendTossFailPage(reply: FastifyReply, status: number, form_id: string, message: string, code: string | null): FastifyReply {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payment not completed</title><meta name="robots" content="noindex">
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5}code{font-size:.85em}</style></head>
<body><main data-fw-payment-failed="">
<h1>Payment not completed</h1>
<p role="alert" data-fw-payment-message="">${escape(message)}</p>
${code ? `<p><code>${escape(code)}</code></p>` : ""}
<p>Nothing was charged.</p>
<p><a href="${escape(formPath(form_id))}">Back to the form</a></p>
</main></body></html>`;
  return reply.code(status).header("content-type", "text/html; charset=utf-8").header("cache-control", "no-store").send(html);
}
