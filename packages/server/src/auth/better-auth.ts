/**
 * Accounts through better-auth: email and password (argon2id), database sessions in an
 * HTTP-only, SameSite=Lax cookie, sign-in rate limiting stored in Postgres (so it holds
 * across instances), and a user_profile row for every new user.
 */
import { hash, verify } from "@node-rs/argon2";
import { betterAuth } from "better-auth";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";

export interface AuthOptions {
  db: Kysely<DB>;
  secret: string;
  publicUrl: string;
  /** Sign-in attempts per client address per minute. */
  signInAttemptsPerMinute?: number;
}

const timestamps = { createdAt: "created_at", updatedAt: "updated_at" } as const;

/** PUBLIC_URL, plus its loopback twin (localhost ↔ 127.0.0.1) so a local install works either way. */
export function trustedOriginsFor(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const twin = { localhost: "127.0.0.1", "127.0.0.1": "localhost" }[url.hostname];
  if (!twin) return [url.origin];
  const other = new URL(url.origin);
  other.hostname = twin;
  return [url.origin, other.origin];
}

export function createAuth({ db, secret, publicUrl, signInAttemptsPerMinute = 5 }: AuthOptions) {
  return betterAuth({
    appName: "Fieldwork",
    baseURL: publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: trustedOriginsFor(publicUrl),
    telemetry: { enabled: false },
    database: { db, type: "postgres" },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 256,
      password: {
        hash: (password) => hash(password),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
    },
    user: { modelName: "app_user", fields: { emailVerified: "email_verified", ...timestamps } },
    session: {
      modelName: "auth_session",
      fields: { userId: "user_id", expiresAt: "expires_at", ipAddress: "ip_address", userAgent: "user_agent", ...timestamps },
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    account: {
      modelName: "auth_account",
      fields: {
        userId: "user_id", accountId: "account_id", providerId: "provider_id", accessToken: "access_token",
        refreshToken: "refresh_token", idToken: "id_token", accessTokenExpiresAt: "access_token_expires_at",
        refreshTokenExpiresAt: "refresh_token_expires_at", ...timestamps,
      },
    },
    verification: { modelName: "auth_verification", fields: { expiresAt: "expires_at", ...timestamps } },
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "auth_rate_limit",
      fields: { lastRequest: "last_request" },
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: signInAttemptsPerMinute },
        "/sign-up/email": { window: 60, max: 10 },
        "/change-password": { window: 60, max: signInAttemptsPerMinute },
      },
    },
    advanced: {
      cookiePrefix: "fieldwork",
      useSecureCookies: publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: ["x-fieldwork-client-ip"] },
      database: { generateId: () => crypto.randomUUID() },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await db.insertInto("user_profile")
              .values({ uid: user.id, display_name: user.name || user.email.split("@")[0]!, avatar_path: user.image ?? null })
              .onConflict((oc) => oc.column("uid").doNothing()).execute();
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
