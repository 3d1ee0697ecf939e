/**
 * The heavy-widget forms of bench:respondent (issue 22, Performance): one form per heavy
 * widget, a short text field first (the input the probe waits for) and the widget's field
 * after it, so each figure says what the widget costs a visitor before they can type. The
 * bench imports each through the running server's CLI and skips, with a notice, a form
 * whose field type this build does not support yet (FIELD_TYPE_NOT_SUPPORTED).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface WidgetFixture {
  /** What the row calls it. */
  widget: string;
  /** The field that brings the widget in. */
  field: { name: string; type: string; label: string } & Record<string, unknown>;
}

export const WIDGET_FIXTURES: WidgetFixture[] = [
  { widget: "rich text", field: { name: "bio", type: "richtext", label: "About you" } },
  { widget: "signature", field: { name: "signature", type: "signature", label: "Signature" } },
  { widget: "map", field: { name: "place", type: "latlng", label: "Where are you?" } },
  { widget: "JSON editor", field: { name: "settings", type: "json", label: "Settings" } },
  { widget: "canvas", field: { name: "sketch", type: "canvas", label: "Sketch" } },
  // The media viewer previews an answer's file (spec 1 §2.3): a video field brings it in.
  { widget: "media viewer", field: { name: "clip", type: "video", label: "A short clip" } },
];

/** The definition file (docs/form-format.md) of a fixture's form. */
export function fixtureDefinition(fixture: WidgetFixture): unknown {
  return {
    format: "fieldwork.form",
    version: 1,
    title: `Bench: ${fixture.widget}`,
    settings: { published: true },
    fields: [{ name: "full_name", type: "text", label: "Full name" }, fixture.field],
    blocks: [{ type: "section", children: [{ type: "field", field: "full_name" }, { type: "field", field: fixture.field.name }] }],
  };
}

/** A fixture imported (its public URL) or skipped (why). */
export interface ImportedFixture { fixture: WidgetFixture; url?: string; skipped?: string }

/** Imports each fixture into the server that holds `env.DATA_DIR` (its CLI goes through it). */
export function importFixtures(root: string, env: NodeJS.ProcessEnv, fixtures = WIDGET_FIXTURES): ImportedFixture[] {
  const dir = mkdtempSync(join(tmpdir(), "fieldwork-bench-fixtures-"));
  try {
    return fixtures.map((fixture) => {
      const file = join(dir, `${fixture.field.type}.json`);
      writeFileSync(file, JSON.stringify(fixtureDefinition(fixture)));
      const result = spawnSync(process.execPath, ["--import", "tsx", "packages/server/src/cli/main.ts", "forms", "import", file], { cwd: root, env, encoding: "utf8" });
      const output = (() => {
        try {
          return JSON.parse(result.stdout.trim().split("\n").at(-1) ?? "") as { url?: string; error?: { code: string; message: string } };
        } catch {
          return { error: { code: `exit ${result.status}`, message: `${result.stderr}${result.stdout}`.trim().slice(0, 300) } };
        }
      })();
      if (output.url) return { fixture, url: output.url };
      const why = output.error?.code === "FIELD_TYPE_NOT_SUPPORTED"
        ? `this build does not support the ${fixture.field.type} type yet`
        : `the import failed: ${output.error?.code} ${output.error?.message}`;
      return { fixture, skipped: why };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
