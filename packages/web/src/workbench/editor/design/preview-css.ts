/**
 * The public form's theme inside the workbench. respondent.css sets its tokens on `<html>`
 * (`:root`, `html[data-appearance]`, `html[data-palette]`); the preview takes the same rules
 * from that file and scopes them to one element, so a palette or appearance looks exactly
 * as on the public page without a second copy of the colours. Owner CSS is scoped to the
 * preview with `@scope`, so it restyles the preview and never the workbench.
 */

export const PREVIEW_CLASS = "fw-theme-preview";
const SCOPE = `.${PREVIEW_CLASS}`;

/**
 * Utilities the public form's components use that the workbench's Tailwind theme does not
 * define (its type scale is reset; the form has its own tokens).
 */
const FORM_UTILITIES = `
${SCOPE} { font-family: var(--fw-font); color: var(--fw-fg); background: var(--fw-page); }
${SCOPE} .text-title { font-size: 1.75rem; line-height: 2.125rem; letter-spacing: -0.015em; }
${SCOPE} .text-accent-fg { color: var(--fw-accent-fg); }
${SCOPE} .bg-accent-fg { background-color: var(--fw-accent-fg); }
${SCOPE} .shadow-card { box-shadow: var(--fw-shadow); }
${SCOPE} input, ${SCOPE} select, ${SCOPE} textarea { accent-color: var(--fw-accent); }
`;

/** respondent.css's token rules, rescoped from `<html>` to the preview element. */
export function scopedThemeCss(respondentCss: string): string {
  const rules: string[] = [];
  const root = /:root\s*\{([^}]*)\}/.exec(respondentCss);
  if (root) rules.push(`${SCOPE} {${root[1]}}`);
  for (const match of respondentCss.matchAll(/html\[data-(appearance|palette)="([\w-]+)"\]\s*\{([^}]*)\}/g)) {
    rules.push(`${SCOPE}[data-${match[1]}="${match[2]}"] {${match[3]}}`);
  }
  return `${rules.join("\n")}\n${FORM_UTILITIES}`;
}

export type ScopedCss = { css: string; problem: null } | { css: ""; problem: string };

/**
 * Owner CSS for the preview: inside `@scope (.fw-theme-preview)`, with `html`, `body` and
 * `:root` selectors meaning the preview itself. CSS whose braces do not balance (which
 * could close the scope and reach the workbench) is not applied.
 */
export function scopedOwnerCss(css: string | null): ScopedCss {
  const text = (css ?? "").replace(/\/\*[\s\S]*?(\*\/|$)/g, "");
  if (!text.trim()) return { css: "", problem: null };
  let depth = 0;
  for (const char of text.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, "")) {
    if (char === "{") depth++;
    if (char === "}" && --depth < 0) break;
  }
  if (depth !== 0) return { css: "", problem: "The custom CSS has unbalanced braces: the preview leaves it out." };
  if (/<\/style/i.test(text)) return { css: "", problem: "The custom CSS cannot contain “</style”." };
  const rooted = text.replace(/(^|[\s,}])(html|body|:root)(?=[\s,{.:#[>~+])/g, "$1:scope");
  return { css: `@scope (${SCOPE}) {\n${rooted}\n}`, problem: null };
}
