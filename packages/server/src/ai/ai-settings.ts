/**
 * The AI endpoint behind field suggestions (README "Environment"): any OpenAI-compatible
 * chat-completions service. Without AI_BASE_URL, suggestions come from core's offline
 * heuristic and nothing leaves the server.
 */
import { wholeNumberFromEnv } from "../env-number";

export interface AiSettings {
  /** AI_BASE_URL: the API root, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`; unset → the heuristic. */
  baseUrl: string | undefined;
  /** AI_API_KEY: sent as `Authorization: Bearer …`; local servers often need none. */
  apiKey: string | undefined;
  /** AI_MODEL: the model the endpoint is asked for. */
  model: string;
  /** AI_TIMEOUT_MS: one suggestion's whole call, answer read included; past it, 504 AI_SUGGESTION_TIMEOUT. */
  timeoutMs: number;
  /** AI_RATE_LIMIT_PER_MINUTE: suggestions one member or API key may ask per minute (0 = no limit). */
  perMinute: number;
}

export const DEFAULT_AI_SETTINGS: AiSettings = {
  baseUrl: undefined, apiKey: undefined, model: "gpt-4o-mini", timeoutMs: 15_000, perMinute: 10,
};

/** The settings from the environment; a base URL that is not http(s) stops the start. */
export function aiSettingsOf(env: NodeJS.ProcessEnv): AiSettings {
  const baseUrl = env.AI_BASE_URL || undefined;
  if (baseUrl && !/^https?:\/\/[^\s]+$/i.test(baseUrl)) throw new Error(`AI_BASE_URL must be an http(s) URL (got ${JSON.stringify(baseUrl)}).`);
  return {
    baseUrl: baseUrl?.replace(/\/+$/, ""),
    apiKey: env.AI_API_KEY || undefined,
    model: env.AI_MODEL || DEFAULT_AI_SETTINGS.model,
    timeoutMs: wholeNumberFromEnv(env, "AI_TIMEOUT_MS", DEFAULT_AI_SETTINGS.timeoutMs, 1),
    perMinute: wholeNumberFromEnv(env, "AI_RATE_LIMIT_PER_MINUTE", DEFAULT_AI_SETTINGS.perMinute, 0),
  };
}
