/**
 * The public form's theme inside the workbench. respondent.css sets its tokens on `<html>`
 * (`:root`, `html[data-appearance]`, `html[data-palette]`); the preview takes the same rules
 * from that file and scopes them to an element of this class (the preview frame's `<html>`,
 * a palette swatch), so a palette or appearance looks exactly as on the public page without
 * a second copy of the colours. Owner CSS is not rewritten: the preview draws in its own
 * document (theme-frame.tsx), where it applies as on the public page and reaches nothing else.
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
