/**
 * A rich text answer is HTML a visitor wrote: stored only after the owner-HTML allow-list
 * (owner-html.ts) cleaned it, on every path that writes an answer (the submit, the Data API,
 * the grid through the Data API). An answer that cleans to nothing is no answer.
 */
import { fieldFailure, type ColumnValue, type FormField, type ParseResult } from "@fieldwork/core";
import { sanitizeOwnerHtml } from "./owner-html";

/** Whether cleaned HTML says anything: text, or an image. */
const hasContent = (html: string) => /<img\b/i.test(html) || html.replace(/<[^>]*>/g, "").replace(/&nbsp;|\s/g, "") !== "";

/** The parsed answer of `field` with its HTML cleaned (rich text), or as it was (any other type). */
export function cleanAnswer(field: Pick<FormField, "name" | "type" | "required">, result: ParseResult): ParseResult {
  if (!result.ok || field.type !== "richtext" || typeof result.value !== "string") return result;
  const html: ColumnValue = sanitizeOwnerHtml(result.value);
  if (hasContent(html)) return { ok: true, value: html };
  return field.required ? fieldFailure(field, { kind: "required" }) : { ok: true, value: null };
}
