/** Reading what a connection is given, and the failures told without the secret. */
import { describe, expect, it } from "vitest";
import { connectionErrorOf, scrub, secretsOf } from "./connection-errors";
import { readConnection } from "./connection-url";
import { connectionKeyOf, open, parseConnectionKey, seal } from "./secret-box";

describe("connection input", () => {
  it("keeps a postgres:// URL's secret apart from what is shown, masked", () => {
    const read = readConnection({ kind: "postgres", project_id: "p", url: "postgresql://alice:s%40cret@db.internal.example.com:6543/shop?sslmode=require" });
    expect(read.secret).toEqual({ url: "postgresql://alice:s%40cret@db.internal.example.com:6543/shop?sslmode=require", service_key: null });
    expect(read).toMatchObject({ host_masked: "db.in******.example.com", database_masked: "shop", user_masked: "al***", project_url: null });
    expect(JSON.stringify({ ...read, secret: undefined })).not.toMatch(/s%40cret|s@cret/);
  });

  it("makes a Supabase project's direct connection from its URL and database password", () => {
    const read = readConnection({ kind: "supabase", project_id: "p", project_url: "https://abcdefghijklmnop.supabase.co", service_key: "svc-key", db_password: "p@ss word" });
    const url = new URL(read.secret.url);
    expect([url.hostname, url.port, url.username, decodeURIComponent(url.password), url.pathname, url.searchParams.get("sslmode")])
      .toEqual(["db.abcdefghijklmnop.supabase.co", "5432", "postgres", "p@ss word", "/postgres", "require"]);
    expect(read.secret.service_key).toBe("svc-key");
    expect(read.project_url).toBe("https://abcdefghijklmnop.supabase.co");
  });

  it("refuses anything else with CONNECTION_URL_INVALID", () => {
    const bad = [
      { kind: "postgres" as const, project_id: "p", url: "mysql://a:b@h/db" },
      { kind: "postgres" as const, project_id: "p", url: "postgres://h/db" },
      { kind: "postgres" as const, project_id: "p", url: "postgres://u:p@h" },
      { kind: "supabase" as const, project_id: "p", project_url: "http://abcdefgh.supabase.co", service_key: "k", db_password: "p" },
      { kind: "supabase" as const, project_id: "p", project_url: "https://abcdefgh.supabase.co.evil.com", service_key: "k", db_password: "p" },
    ];
    for (const input of bad) expect(() => readConnection(input)).toThrow(expect.objectContaining({ code: "CONNECTION_URL_INVALID" }));
  });

  it("says why a connection failed, and scrubs the secret from any message it passes on", () => {
    const secrets = secretsOf("postgres://u:hunter2-secret@h/db", "service-key-123");
    const code = (error: unknown) => connectionErrorOf(error, secrets).code;
    expect(code({ code: "28P01", message: "password authentication failed" })).toBe("CONNECTION_AUTH_FAILED");
    expect(code({ code: "3D000" })).toBe("CONNECTION_DATABASE_MISSING");
    expect(code({ code: "ECONNREFUSED" })).toBe("CONNECTION_UNREACHABLE");
    expect(code({ code: "ENOTFOUND" })).toBe("CONNECTION_UNREACHABLE");
    expect(code(new Error("timeout expired"))).toBe("CONNECTION_TIMEOUT");
    expect(code(new Error("The server does not support SSL connections"))).toBe("CONNECTION_SSL_FAILED");
    expect(code({ code: "SELF_SIGNED_CERT_IN_CHAIN", message: "self-signed certificate in certificate chain" })).toBe("CONNECTION_SSL_FAILED");
    expect(code({ code: "57014" })).toBe("QUERY_TIMEOUT");
    const refused = connectionErrorOf({ code: "42501", message: "permission denied for hunter2-secret and service-key-123" }, secrets);
    expect(refused.code).toBe("CONNECTION_FAILED");
    expect(refused.message).not.toMatch(/hunter2|service-key-123/);
    expect(scrub("at postgres://u:hunter2-secret@h/db", secrets)).toBe("at ***");
  });
});

describe("secret box", () => {
  it("seals to a row id and key, and refuses a short CONNECTION_KEY", () => {
    const key = connectionKeyOf({ CONNECTION_KEY: "11".repeat(32) }, "ignored");
    const sealed = seal(key, "postgres://u:pw@h/db", "row-1");
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain("pw@h");
    expect(open(key, sealed, "row-1")).toBe("postgres://u:pw@h/db");
    expect(() => open(key, sealed, "row-2")).toThrow(expect.objectContaining({ code: "CONNECTION_KEY_INVALID" }));
    const tampered = sealed.split(".");
    tampered[2] = Buffer.alloc(16).toString("base64url");
    expect(() => open(key, tampered.join("."), "row-1")).toThrow(expect.objectContaining({ code: "CONNECTION_KEY_INVALID" }));
    expect(seal(key, "same", "r")).not.toBe(seal(key, "same", "r"));
    expect(() => parseConnectionKey("abcd")).toThrow(/32 bytes/);
    expect(connectionKeyOf({}, "a").equals(connectionKeyOf({}, "a"))).toBe(true);
    expect(connectionKeyOf({}, "a").equals(connectionKeyOf({}, "b"))).toBe(false);
  });
});
