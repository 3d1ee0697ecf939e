/**
 * What a connection is given, read and checked: a `postgres://` URL, or a Supabase project
 * (https://<ref>.supabase.co, its service key and its database password, from which the
 * direct connection `postgres://postgres:<password>@db.<ref>.supabase.co:5432/postgres` is
 * made). The answer keeps the secret (to seal) apart from what may be shown (masked).
 */
import { FieldworkError, maskHost, maskSecretText, type ConnectionCreate } from "@fieldwork/core";

export interface ConnectionSecret {
  /** The connection URL with its password. */
  url: string;
  /** A Supabase project's service key (auth.users, storage); null for a plain URL. */
  service_key: string | null;
}

export interface ReadConnection {
  secret: ConnectionSecret;
  host_masked: string;
  database_masked: string;
  user_masked: string;
  project_url: string | null;
}

const invalid = () => new FieldworkError("CONNECTION_URL_INVALID");

function parsePostgresUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid();
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") throw invalid();
  if (!url.hostname || !url.username || url.pathname.length < 2 || url.hash) throw invalid();
  return url;
}

export function readConnection(input: ConnectionCreate): ReadConnection {
  if (input.kind === "postgres") {
    const url = parsePostgresUrl(input.url);
    return {
      secret: { url: url.toString(), service_key: null },
      host_masked: maskHost(url.hostname), database_masked: decodeURIComponent(url.pathname.slice(1)),
      user_masked: maskSecretText(decodeURIComponent(url.username)), project_url: null,
    };
  }
  let project: URL;
  try {
    project = new URL(input.project_url);
  } catch {
    throw invalid();
  }
  const ref = /^([a-z0-9]{6,40})\.supabase\.(co|in)$/.exec(project.hostname)?.[1];
  if (project.protocol !== "https:" || !ref) throw invalid();
  const url = new URL(`postgres://postgres@db.${ref}.supabase.co:5432/postgres?sslmode=require`);
  url.password = input.db_password;
  return {
    secret: { url: url.toString(), service_key: input.service_key },
    host_masked: maskHost(url.hostname), database_masked: "postgres", user_masked: maskSecretText("postgres"),
    project_url: project.origin,
  };
}
