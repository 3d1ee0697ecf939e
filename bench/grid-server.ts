/**
 * bench:grid's scaffolding: a scratch database, the real server on it (as bench/submit.ts
 * starts it), and an owner made through the HTTP API with an organization, a project, a
 * viewer API key and an imported form. `close()` stops the server and drops the database,
 * whatever state the run stopped in.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { CSRF_HEADER } from "@fieldwork/core";
import pg from "pg";

const ROOT = new URL("..", import.meta.url).pathname;

export interface ScratchServer {
  databaseUrl: string;
  baseUrl: string;
  /** The server's process id, for reading its memory from /proc. */
  pid: number;
  close(): Promise<void>;
}

/** A loopback port nobody listens on (the benchmarks start their server there). */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Resolves once the server says it runs; `log` keeps what it wrote, for a report if it stops. */
function waitForStart(server: ChildProcess, log: { text: string }): Promise<void> {
  return new Promise((resolve, reject) => {
    const onData = (c: Buffer) => {
      log.text = (log.text + c.toString()).slice(-20_000);
      if (/Fieldwork is running on/.test(log.text)) resolve();
    };
    server.stdout?.on("data", onData);
    server.stderr?.on("data", onData);
    server.on("exit", (code) => reject(new Error(`server exited ${code}: ${log.text}`)));
  });
}

/** Creates `fieldwork_bench_grid_<time>` on BENCH_DATABASE_URL's server and starts Fieldwork on it. */
export async function startScratchServer(adminUrl: string): Promise<ScratchServer> {
  const dbName = `fieldwork_bench_grid_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const server = spawn(process.execPath, ["--import", "tsx", "packages/server/src/main.ts"], {
    cwd: ROOT, stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "error", PUBLIC_URL: baseUrl },
  });
  const exited = new Promise((resolve) => server.once("exit", resolve));
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    if (server.exitCode === null && server.signalCode === null) {
      server.kill("SIGTERM");
      await exited;
    }
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  };
  const log = { text: "" };
  try {
    await waitForStart(server, log);
  } catch (error) {
    await close();
    throw error;
  }
  server.once("exit", (code, signal) => {
    if (!closed) console.error(`\nthe bench's server stopped before the bench closed it (${signal ?? `exit code ${code}`}); its last output:\n${log.text.slice(-4000)}`);
  });
  return { databaseUrl, baseUrl, pid: server.pid!, close };
}

export interface BenchProject {
  /** The workbench path of the project: `/{organization name}/{project name}`. */
  path: string;
  /** The owner's session cookie (`name=value; …`), for a browser signed in as them. */
  cookie: string;
  /** The owner's CSRF token, for further writes with the cookie (see `post`). */
  csrf: string;
  project_id: string;
  /** A viewer API key: `fwk_…`. */
  token: string;
  form_id: string;
}

type Answer<T> = { data: T | null; error: unknown };

/** A call to /private/editor as the project's owner; answers `data` or throws with the error. */
export async function editorCall<T>(
  owner: { baseUrl: string; cookie: string; csrf: string }, method: string, path: string, body?: object,
): Promise<T> {
  const response = await fetch(`${owner.baseUrl}/private/editor${path}`, {
    method,
    headers: { cookie: owner.cookie, [CSRF_HEADER]: owner.csrf, "content-type": "application/json", accept: "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as Answer<T>;
  if (!answer.data) throw new Error(`${method} ${path} failed: ${response.status} ${JSON.stringify(answer.error)}`);
  return answer.data;
}

/** Signs up an owner, makes an organization, a project, a viewer key and imports `definition`. */
export async function createBenchProject(baseUrl: string, definition: object): Promise<BenchProject> {
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { origin: baseUrl, "content-type": "application/json" },
    body: JSON.stringify({ email: `grid-${Date.now()}@example.com`, password: "correct horse battery", name: "Grid bench" }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const me = await fetch(`${baseUrl}/private/editor/me`, { headers: { cookie } });
  const csrf = ((await me.json()) as Answer<{ csrf_token: string }>).data?.csrf_token;
  if (!csrf) throw new Error(`no csrf_token from /private/editor/me (${me.status})`);

  const post = <T>(path: string, body: object) => editorCall<T>({ baseUrl, cookie, csrf }, "POST", path, body);
  const org = await post<{ id: string; name: string }>("/organizations", { name: "grid-bench" });
  const project = await post<{ id: string; name: string }>(`/organizations/${org.id}/projects`, { name: "grid" });
  const key = await post<{ token: string }>(`/projects/${project.id}/api-keys`, { name: "bench", role: "viewer" });
  const form = await post<{ id: string }>(`/projects/${project.id}/forms`, definition);
  return { path: `/${org.name}/${project.name}`, cookie, csrf, project_id: project.id, token: key.token, form_id: form.id };
}
