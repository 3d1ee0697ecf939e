/**
 * The Definition & API page's examples for one schema table: curl and postgrest-js against
 * `/rest/v1`, with the project's key read from an environment variable (a key's token is
 * shown once, when it is made), and a row built from the table's columns.
 */
import type { Attribute } from "@fieldwork/core";

const SAMPLE: Record<Attribute["type"], unknown> = {
  text: "text", textarea: "long text", integer: 1, numeric: 9.5, boolean: true, date: "2026-01-31", time: "09:30", timestamptz: "2026-01-31T12:00:00Z",
  uuid: "00000000-0000-4000-8000-000000000000", json: { any: "json" }, enum: null, email: "ada@example.com", url: "https://example.com",
  tel: "+15555550100", color: "#3366ff", country: "FR",
};

/** A row an insert could send: every column but those the database fills (key with a default, defaults). */
export function sampleRow(attributes: readonly Attribute[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const attr of attributes) {
    if (attr.default || attr.references) continue;
    const value = attr.type === "enum" ? attr.enum_values[0] : SAMPLE[attr.type];
    row[attr.name] = attr.is_array ? [value] : value;
  }
  return row;
}

export function curlExample(origin: string, table: string, attributes: readonly Attribute[]): string {
  const base = `${origin}/rest/v1/${table}`;
  return [
    `curl '${base}?select=*&limit=10' \\`,
    `  -H "apikey: $FIELDWORK_KEY" -H "Authorization: Bearer $FIELDWORK_KEY"`,
    "",
    `curl -X POST '${base}' \\`,
    `  -H "apikey: $FIELDWORK_KEY" -H "Authorization: Bearer $FIELDWORK_KEY" \\`,
    `  -H "Content-Type: application/json" -H "Prefer: return=representation" \\`,
    `  -d '${JSON.stringify(sampleRow(attributes)).replaceAll("'", "'\\''")}'`,
  ].join("\n");
}

export function jsExample(origin: string, table: string, attributes: readonly Attribute[]): string {
  return [
    `import { PostgrestClient } from "@supabase/postgrest-js";`,
    "",
    `const key = process.env.FIELDWORK_KEY;`,
    `const db = new PostgrestClient("${origin}/rest/v1", { headers: { apikey: key, Authorization: \`Bearer \${key}\` } });`,
    "",
    `const { data, error } = await db.from(${JSON.stringify(table)}).select("*").limit(10);`,
    `await db.from(${JSON.stringify(table)}).insert(${JSON.stringify(sampleRow(attributes))}).select();`,
  ].join("\n");
}
