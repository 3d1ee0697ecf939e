/**
 * What the e2e specs share: a server and a browser per worker process, signing up through
 * the real page, and calling the private API from the page as the signed-in user (its cookie
 * and CSRF token), the way the workbench does.
 */
import { afterAll, beforeAll, expect } from "vitest";
import type { APIResponse, Browser, BrowserContext, Page } from "playwright-core";
import { openBrowser } from "./browser";
import { sharedServer, startServer, type RunningServer } from "./harness";

let files = 0;

/**
 * The worker's shared server and a handle on its Chromium for the file's tests
 * (harness.ts `sharedServer`, browser.ts `openBrowser`); the file's contexts close after its
 * last test. Each file's pages come from an address of their own (X-Forwarded-For, which the
 * server believes from loopback), so the per-address limits (sign-ups, submits) count each
 * file as one visitor, as they did when each file had a server of its own. With
 * `cspViolations: "fail"`, every page the file opens reports what the Content-Security-Policy
 * refused (Chromium's console message and the `securitypolicyviolation` event), and the file
 * fails at the end if anything was. With `env`, the file has a server of its own with those
 * variables, stopped after its last test.
 */
export function useServerAndBrowser(options: { cspViolations?: "fail"; env?: Record<string, string> } = {}): { server: RunningServer; browser: Browser } {
  const env = {} as { server: RunningServer; browser: Browser };
  const violations: string[] = [];
  const file = ++files;
  const address = `10.${Number(process.env.VITEST_POOL_ID ?? 0) % 256}.${(file >> 8) % 256}.${file % 256}`;
  beforeAll(async () => {
    [env.server, env.browser] = await Promise.all([
      options.env ? startServer({ env: options.env }) : sharedServer(),
      openBrowser({
        headers: { "x-forwarded-for": address },
        onContext: options.cspViolations === "fail" ? (context) => watchCsp(context, violations) : undefined,
      }),
    ]);
  });
  afterAll(async () => {
    await env.browser?.close();
    if (options.env) await env.server?.stop();
    expect(violations, "Content-Security-Policy violations").toEqual([]);
  });
  return env;
}

async function watchCsp(context: BrowserContext, violations: string[]): Promise<void> {
  context.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${message.page()?.url() ?? "?"}: ${message.text()}`);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
}

export const PASSWORD = "correct horse battery";

/** Fills /sign-up and waits for home (or the page `next` leads to). */
export async function signUpInBrowser(page: Page, server: RunningServer, who: { name: string; email: string; password?: string }): Promise<void> {
  await page.goto(`${server.url}/sign-up`);
  await page.getByLabel("Name").fill(who.name);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password ?? PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(`${server.url}/`);
}

/** `/private/editor{path}` from the page, with its session; answers the envelope's `data`. */
export async function callPrivate<T = { id: string }>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(async ([method, path, body]) => {
    const me = (await (await fetch("/private/editor/me")).json()) as { data: { csrf_token: string } };
    const response = await fetch(`/private/editor${path}`, {
      method,
      headers: { "Content-Type": "application/json", "x-fieldwork-csrf": me.data.csrf_token },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return ((await response.json()) as { data: unknown }).data;
  }, [method, path, body] as const) as Promise<T>;
}

/**
 * Signs up and makes an organization `org` with a project "site" and a blank form `title`
 * through the API the pages call (the page's cookies, its CSRF token, its address), then opens
 * the form's editor in the page. The walk through sign-up, home, organization, project and
 * the new-document dialog is e2e/workbench.test.ts's; the specs that only need an owner and a
 * form skip its five page loads (~1.5 CPU-s of Chromium each time).
 */
export async function newFormInBrowser(page: Page, server: RunningServer, who: { name: string; email: string }, org: string, title: string): Promise<void> {
  const request = page.context().request;
  const headers = { origin: server.url };
  const ok = async (response: APIResponse): Promise<APIResponse> => {
    if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
    return response;
  };
  const data = async <T>(response: APIResponse): Promise<T> => ((await (await ok(response)).json()) as { data: T }).data;
  await ok(await request.post(`${server.url}/api/auth/sign-up/email`, { headers, data: { name: who.name, email: who.email, password: PASSWORD } }));
  const { csrf_token } = await data<{ csrf_token: string }>(await request.get(`${server.url}/private/editor/me`));
  const post = async <T>(path: string, body: unknown) =>
    data<T>(await request.post(`${server.url}/private/editor${path}`, { headers: { ...headers, "x-fieldwork-csrf": csrf_token }, data: body }));
  const organization = await post<{ id: string }>("/organizations", { name: org, display_name: `${who.name}'s team` });
  const project = await post<{ id: string }>(`/organizations/${organization.id}/projects`, { name: "site" });
  const document = await post<{ id: string }>(`/projects/${project.id}/documents`, { doctype: "v0_form", title });
  await page.goto(`${server.url}/${org}/site/${document.id}`);
}

/**
 * A new owner's blank form, open in its canvas (`form/edit`) on a fresh page of `size`.
 * `errors` collects the page's uncaught errors; a spec ends by expecting none.
 */
export async function openNewFormCanvas(
  env: { server: RunningServer; browser: Browser }, who: { name: string; slug: string }, title: string,
  size = { width: 1280, height: 1000 },
): Promise<{ page: Page; errors: string[] }> {
  const page = await env.browser.newPage();
  await page.setViewportSize(size);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  const slug = `${who.slug}-${Date.now().toString(36)}`;
  await newFormInBrowser(page, env.server, { name: who.name, email: `${slug}@example.com` }, slug, title);
  await page.getByRole("link", { name: "Main" }).click();
  await page.waitForURL(/\/form\/edit$/);
  return { page, errors };
}

/** With SCREENSHOT_DIR set, keeps a picture of the page in light and dark (`{name}-{scheme}.png`). */
export async function shootBothSchemes(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(400); // colour transitions settle
    await page.screenshot({ path: `${dir}/${name}-${scheme}.png`, ...options });
  }
  await page.emulateMedia({ colorScheme: "light" });
}
