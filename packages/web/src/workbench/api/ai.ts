/** `POST /private/editor/ai/schema` (spec 2 §7): a suggested field for the field panel's create flow. */
import type { AiSchemaAnswer } from "@fieldwork/core";
import { privateRequest } from "./http";

export function suggestField(
  body: { form_id: string; description: string; field_id: string | null }, options: { csrf_token: string; signal?: AbortSignal },
): Promise<AiSchemaAnswer> {
  return privateRequest<AiSchemaAnswer>("POST", "/ai/schema", { ...options, body });
}
