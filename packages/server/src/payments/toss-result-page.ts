/**
 * The page a buyer sees when Toss Payments' checkout sends them back without a payment
 * (failUrl), or the confirm is refused: Toss's own message (escaped), that nothing was
 * charged, and the way back to the form (its session keeps the answers). It speaks the
 * form's language (its document's `lang`, core's catalogue: `status.paymentfailed.*`,
 * `status.back`, and a visitor error's own sentence), right to left in Arabic; the
 * provider's message is shown as the provider sent it.
 */
import {
  formPath, isErrorCode, languageOf, messagesFor, PUBLIC_ERROR_MESSAGES, textDirection, VISITOR_ERROR_CODES,
  type VisitorErrorCode,
} from "@fieldwork/core";
import type { FastifyReply } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { cachedFormRecord, isUuid } from "../forms/form-record";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The form's language as its public pages use it (`en` for a form that is not there). */
export async function formLanguage(db: Kysely<DB>, form_id: string): Promise<string> {
  if (!isUuid(form_id)) return "en";
  const cached = cachedFormRecord(db, form_id);
  if (cached) return cached.document.lang;
  const row = await db.selectFrom("form_document").select("lang").where("form_id", "=", form_id).executeTakeFirst();
  return row?.lang ?? "en";
}

export interface TossFailPage {
  form_id: string;
  lang: string;
  /** Toss's message (as sent), or null when Toss sent none. */
  message: string | null;
  /** Toss's code, or our catalogue's for a refused confirm. */
  code: string | null;
}

const isVisitorCode = (code: string | null): code is VisitorErrorCode => (VISITOR_ERROR_CODES as readonly (string | null)[]).includes(code);

/**
 * What the page says for a refusal of ours (a refused confirm): a visitor error with its
 * catalogue sentence reads in the form's language; a provider's message stays as sent.
 */
export function refusalMessage(lang: string, code: string, message: string): string {
  if (isVisitorCode(code) && isErrorCode(code) && message === PUBLIC_ERROR_MESSAGES[code]) return messagesFor(lang)[`error.${code}`];
  return message;
}

export function sendTossFailPage(reply: FastifyReply, status: number, page: TossFailPage): FastifyReply {
  const language = languageOf(page.lang);
  const t = messagesFor(language);
  const message = page.message?.trim() || t["status.paymentfailed.message"];
  const html = `<!doctype html><html lang="${language}" dir="${textDirection(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(t["status.paymentfailed.title"])}</title><meta name="robots" content="noindex">
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5}code{font-size:.85em}</style></head>
<body><main data-fw-payment-failed="">
<h1>${escape(t["status.paymentfailed.title"])}</h1>
<p role="alert" data-fw-payment-message="">${escape(message)}</p>
${page.code ? `<p><code dir="ltr">${escape(page.code)}</code></p>` : ""}
<p>${escape(t["status.paymentfailed.text"])}</p>
<p><a href="${escape(formPath(page.form_id))}">${escape(t["status.back"])}</a></p>
</main></body></html>`;
  return reply.code(status).header("content-type", "text/html; charset=utf-8").header("cache-control", "no-store").send(html);
}
