/**
 * `POST /private/editor/ai/schema`'s service: reads the form's title and fields (under the
 * query timeout), then asks the model when an endpoint is configured, else core's offline
 * heuristic. A model's answer goes through core's `normalizeSuggestion` (parsed as unknown
 * JSON, checked against the capability table, clipped); one that says nothing usable is
 * 502 AI_SUGGESTION_FAILED.
 */
import {
  FieldworkError, heuristicSuggestion, jsonObjectOf, LIMITS, normalizeSuggestion, type AiSchemaAnswer, type SuggestionContext,
} from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { guarded, type QueryGuard } from "../query/query-guard";
import type { Complete } from "./chat-client";
import { suggestionMessages } from "./prompt";

/** The form's title and fields, but the field being created (`fieldId`). */
export async function formContext(db: Kysely<DB>, formId: string, fieldId: string | null, guard: QueryGuard): Promise<SuggestionContext> {
  return guarded(db, guard, async (q) => {
    const form = await q.selectFrom("form").select("title").where("id", "=", formId).executeTakeFirst();
    if (!form) throw new FieldworkError("FORM_NOT_FOUND");
    const fields = await q.selectFrom("form_field").select(["name", "label", "type"]).where("form_id", "=", formId)
      .$if(fieldId !== null, (w) => w.where("id", "!=", fieldId!))
      .orderBy("name").limit(LIMITS.fields_per_form).execute();
    return { title: form.title, fields };
  });
}

export async function suggestField(
  complete: Complete | null, description: string, context: SuggestionContext, signal: AbortSignal,
): Promise<AiSchemaAnswer> {
  if (!complete) return { ...heuristicSuggestion(description, context), source: "heuristic" };
  const content = await complete(suggestionMessages(description, context), signal);
  const suggestion = normalizeSuggestion(jsonObjectOf(content), context.fields.map((f) => f.name));
  if (!suggestion) throw new FieldworkError("AI_SUGGESTION_FAILED", "The AI service's answer held no field.");
  return { ...suggestion, source: "ai" };
}
