/**
 * Toss Payments' settings from the environment (README "Payments"): TOSS_SECRET_KEY,
 * TOSS_CLIENT_KEY, TOSS_API_BASE and TOSS_SDK_URL. Without both keys, Toss forms answer
 * PAYMENT_PROVIDER_UNAVAILABLE and nothing is charged.
 *
 * TOSS_API_BASE (default https://api.tosspayments.com) points the server's confirm and
 * cancel calls at another host: the local stand-in of tests and e2e (toss-standin.ts). With it
 * set, the page opens the stand-in's checkout page (`{TOSS_API_BASE}/checkout`) instead of
 * Toss's browser SDK, which loads from Toss's CDN (TOSS_SDK_URL, default
 * https://js.tosspayments.com/v2/standard) and cannot run offline.
 */
export const TOSS_DEFAULT_API_BASE = "https://api.tosspayments.com";
export const TOSS_DEFAULT_SDK_URL = "https://js.tosspayments.com/v2/standard";

export interface TossSettings {
  secret_key: string;
  client_key: string;
  /** `http(s)://host[:port]`: Toss's API or a stand-in. */
  api_base: string;
  /** The stand-in's checkout page, or null: the page loads the SDK from `sdk_url`. */
  checkout_url: string | null;
  sdk_url: string;
}

const ORIGIN = /^https?:\/\/[^\s/]+$/i;

export function tossSettingsOf(env: NodeJS.ProcessEnv): TossSettings | null {
  const configured = env.TOSS_API_BASE?.trim().replace(/\/+$/, "") || null;
  if (configured && !ORIGIN.test(configured)) {
    throw new Error(`TOSS_API_BASE must be an http(s) origin such as http://127.0.0.1:12112 (got ${JSON.stringify(configured)}).`);
  }
  const sdk_url = env.TOSS_SDK_URL?.trim() || TOSS_DEFAULT_SDK_URL;
  if (!/^https?:\/\//i.test(sdk_url)) throw new Error(`TOSS_SDK_URL must be an http(s) URL (got ${JSON.stringify(sdk_url)}).`);
  const secret_key = env.TOSS_SECRET_KEY?.trim();
  const client_key = env.TOSS_CLIENT_KEY?.trim();
  if (!secret_key || !client_key) return null;
  const api_base = configured ?? TOSS_DEFAULT_API_BASE;
  return { secret_key, client_key, api_base, checkout_url: configured && configured !== TOSS_DEFAULT_API_BASE ? `${configured}/checkout` : null, sdk_url };
}
