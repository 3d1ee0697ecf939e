/** @jsxRuntime automatic */
/**
 * A piece of the public page drawn with the form's theme: the same `data-appearance`,
 * `data-palette` and `--fw-font` the public page sets on `<html>` (respondent/theme.ts),
 * here on one element, with respondent.css's tokens scoped to it (preview-css.ts) and the
 * owner's CSS scoped inside. Its content is inert: a picture of the page, not a second form
 * to tab through.
 */
import type { CSSProperties, ReactNode } from "react";
import type { EditorDocument } from "@fieldwork/core";
import respondentCss from "../../../respondent/respondent.css?raw";
import { PoweredBy } from "../../../respondent/powered-by";
import { themeAttributesOf } from "../../../respondent/theme";
import { cn } from "../../../ui/cn";
import { PREVIEW_CLASS, scopedOwnerCss, scopedThemeCss } from "./preview-css";

const TOKENS = scopedThemeCss(respondentCss);

type Theme = EditorDocument["theme"];

/** The token rules, once per page (swatches use them too). */
export function ThemeTokens() {
  return <style>{TOKENS}</style>;
}

/** What goes on the preview element for a theme. */
export function themeProps(theme: Pick<Theme, "appearance" | "palette" | "font_family">) {
  const attrs = themeAttributesOf(theme);
  return {
    "data-appearance": attrs.appearance,
    "data-palette": attrs.palette,
    style: { "--fw-font": attrs.font, colorScheme: attrs.color_scheme } as CSSProperties,
  };
}

export function ThemeFrame({ theme, label, className, children }: { theme: Theme; label: string; className?: string; children: ReactNode }) {
  const owner = scopedOwnerCss(theme.custom_css);
  return (
    <figure aria-label={label} lang={theme.lang} className={cn(PREVIEW_CLASS, "overflow-hidden rounded-xl border border-line", className)} {...themeProps(theme)}>
      {owner.css ? <style>{owner.css}</style> : null}
      <div inert className="mx-auto flex w-full max-w-[640px] flex-col gap-4 px-3 py-6 sm:px-6 sm:py-10">
        {children}
        {theme.is_powered_by_branding_enabled ? <PoweredBy /> : null}
      </div>
      {owner.problem ? <figcaption className="border-t border-line bg-card px-4 py-2 text-xs text-danger">{owner.problem}</figcaption> : null}
    </figure>
  );
}
