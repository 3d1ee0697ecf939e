/**
 * One chat completion through the maintained `openai` client pointed at AI_BASE_URL. The
 * call has one deadline for everything (AI_TIMEOUT_MS, the answer's body included), no
 * retries (the owner is waiting and can ask again), and reads at most ANSWER_BYTES of the
 * answer. Failures become catalogue codes: past the deadline 504 AI_SUGGESTION_TIMEOUT,
 * anything else (refused, 5xx, not JSON, no choices) 502 AI_SUGGESTION_FAILED; the
 * provider's own message is logged, never shown.
 */
import { FieldworkError } from "@fieldwork/core";
import type OpenAI from "openai";
import type { AiSettings } from "./ai-settings";

/** The most of an answer read: a field suggestion is a few hundred bytes. */
export const ANSWER_BYTES = 256 * 1024;

export interface ChatMessage { role: "system" | "user"; content: string }

/** `fetch` that reads the whole body (under the call's signal) and refuses bodies past `maxBytes`. */
export function cappedFetch(maxBytes: number): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const declared = Number(response.headers.get("content-length") ?? 0);
    if (declared > maxBytes) {
      await response.body?.cancel();
      throw new Error(`the answer is larger than ${maxBytes} bytes`);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body ?? []) {
      size += chunk.byteLength;
      if (size > maxBytes) throw new Error(`the answer is larger than ${maxBytes} bytes`);
      chunks.push(chunk);
    }
    return new Response(size ? Buffer.concat(chunks) : null, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** The text of the first choice, or AI_SUGGESTION_FAILED when the answer has none. */
function contentOf(completion: unknown): string {
  const choices = (completion as { choices?: unknown } | null)?.choices;
  const first: unknown = Array.isArray(choices) ? choices[0] : undefined;
  const content = (first as { message?: { content?: unknown } } | undefined)?.message?.content;
  if (typeof content !== "string") throw new FieldworkError("AI_SUGGESTION_FAILED", "The AI service's answer had no message.");
  return content;
}

export type Complete = (messages: ChatMessage[], signal: AbortSignal) => Promise<string>;

/**
 * A `Complete` for the configured endpoint; `log` hears the provider's errors. The SDK (some
 * 240 modules) loads with the first suggestion, not with the server.
 */
export function chatCompletions(settings: AiSettings & { baseUrl: string }, log: (message: string) => void): Complete {
  let loaded: Promise<{ sdk: typeof OpenAI; client: OpenAI }> | undefined;
  const open = () => (loaded ??= import("openai").then(({ default: sdk }) => ({
    sdk,
    client: new sdk({
      baseURL: settings.baseUrl,
      // The client insists on a key; local servers take any.
      apiKey: settings.apiKey ?? "none",
      maxRetries: 0,
      timeout: settings.timeoutMs,
      fetch: cappedFetch(ANSWER_BYTES),
    }),
  })));
  return async (messages, signal) => {
    const deadline = AbortSignal.timeout(settings.timeoutMs);
    const { sdk, client } = await open();
    try {
      const completion: unknown = await client.chat.completions.create(
        { model: settings.model, messages, temperature: 0.2, max_tokens: 800 },
        { signal: AbortSignal.any([signal, deadline]) },
      );
      return contentOf(completion);
    } catch (error) {
      if (error instanceof FieldworkError) throw error;
      if (deadline.aborted || error instanceof sdk.APIConnectionTimeoutError) throw new FieldworkError("AI_SUGGESTION_TIMEOUT");
      const status = error instanceof sdk.APIError ? error.status : undefined;
      log(`AI endpoint failed${status ? ` (${status})` : ""}: ${error instanceof Error ? error.message : String(error)}`);
      throw new FieldworkError("AI_SUGGESTION_FAILED", status ? `The AI service answered ${status}.` : undefined);
    }
  };
}
