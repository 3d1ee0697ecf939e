/** @jsxRuntime automatic */
/**
 * A piece of the public page drawn with the form's theme, inside its own document: a
 * sandboxed iframe (no scripts, no forms, no navigation of the workbench) whose `<html>`
 * carries the same `data-appearance`, `data-palette` and `--fw-font` the public page sets
 * (respondent/theme.ts), respondent.css's tokens (preview-css.ts) and the owner's CSS as
 * the public page applies it. Whatever that CSS says (`} body { … }`, `* { display: none }`)
 * it can only restyle the preview: a stylesheet never reaches outside its document.
 *
 * The frame is `allow-same-origin` so the workbench can draw into it (a React portal) and
 * give it stylesheets; it never gets `allow-scripts`, so nothing in it runs. Styles go in
 * through the CSSOM (constructed sheets) and `<link>`s to this origin's own stylesheets, so
 * the frame needs no `'unsafe-inline'` in the page's Content-Security-Policy (a srcdoc
 * frame inherits it). Its content is inert: a picture of the page, not a second form to
 * tab through.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { languageOf, textDirection, type EditorDocument } from "@fieldwork/core";
import respondentCss from "../../../respondent/respondent.css?raw";
import { PoweredBy } from "../../../respondent/powered-by";
import { themeAttributesOf } from "../../../respondent/theme";
import { cn } from "../../../ui/cn";
import { PREVIEW_CLASS, scopedThemeCss } from "./preview-css";

const TOKENS = scopedThemeCss(respondentCss);
/** The frame's document before the workbench draws into it. */
const BLANK = '<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>';

type Theme = EditorDocument["theme"];
/** What the frame reads of a theme: the editor's theme, or a status page's stylesheet and language. */
type FrameTheme = Pick<Theme, "lang" | "appearance" | "palette" | "font_family" | "custom_css"> & { is_powered_by_branding_enabled?: boolean };

/**
 * The token rules in the workbench itself (the palette swatches beside the preview use
 * them), as a constructed sheet: no inline `<style>` for the page's policy to refuse.
 */
export function ThemeTokens() {
  useEffect(() => {
    const sheet = sheetIn(document, TOKENS);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    };
  }, []);
  return null;
}

/** What goes on the element that carries a theme (the preview's `<html>`, a swatch). */
export function themeProps(theme: Pick<Theme, "appearance" | "palette" | "font_family">) {
  const attrs = themeAttributesOf(theme);
  return {
    "data-appearance": attrs.appearance,
    "data-palette": attrs.palette,
    style: { "--fw-font": attrs.font, colorScheme: attrs.color_scheme } as CSSProperties,
  };
}

/** A stylesheet of the frame's own realm, filled through the CSSOM (no `<style>` element). */
function sheetIn(doc: Document, text: string): CSSStyleSheet {
  const view = doc.defaultView as (Window & typeof globalThis) | null;
  const sheet = new (view?.CSSStyleSheet ?? CSSStyleSheet)();
  sheet.replaceSync(text);
  return sheet;
}

/** The workbench's own CSS (the utilities the public form's components use), for the frame. */
function workbenchStyles(): { links: string[]; text: string } {
  const links: string[] = [];
  const text: string[] = [];
  for (const sheet of [...document.styleSheets]) {
    if (sheet.href) {
      links.push(sheet.href);
      continue;
    }
    try {
      text.push([...sheet.cssRules].map((rule) => rule.cssText).join("\n"));
    } catch {
      // A sheet the page may not read: not one of the workbench's.
    }
  }
  return { links, text: text.join("\n") };
}

/** Follows the height of what the frame draws, so the preview is as tall as its page. */
function useContentHeight(doc: Document | null): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    if (!doc) return;
    const measure = () => setHeight(Math.ceil(doc.documentElement.getBoundingClientRect().height));
    const observer = new ResizeObserver(measure);
    observer.observe(doc.documentElement);
    measure();
    return () => observer.disconnect();
  }, [doc]);
  return height;
}

/**
 * `page`: the children are a whole public page (its column and footer, e.g. `StatusPage`),
 * drawn as they are; otherwise they go in the public page's column, with the powered-by
 * footer when the theme shows it.
 */
export function ThemeFrame({ theme, label, className, page = false, children }: { theme: FrameTheme; label: string; className?: string; page?: boolean; children: ReactNode }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [doc, setDoc] = useState<Document | null>(null);
  // The srcdoc document, once loaded (not the about:blank one the frame starts with).
  const attach = useCallback(() => {
    const loaded = frame.current?.contentDocument;
    if (loaded?.body) setDoc(loaded);
  }, []);

  // The workbench's stylesheets and the theme's tokens, once the frame is there.
  const [base, setBase] = useState<{ doc: Document; links: string[]; sheets: CSSStyleSheet[] } | null>(null);
  useLayoutEffect(() => {
    if (!doc) return;
    const styles = workbenchStyles();
    setBase({ doc, links: styles.links, sheets: [sheetIn(doc, styles.text), sheetIn(doc, TOKENS)] });
  }, [doc]);
  // The owner's CSS, last, as on the public page.
  useLayoutEffect(() => {
    if (!doc || base?.doc !== doc) return;
    doc.adoptedStyleSheets = [...base.sheets, sheetIn(doc, theme.custom_css ?? "")];
  }, [doc, base, theme.custom_css]);
  // The theme on the frame's `<html>`, as the server puts it on the public page's.
  const { appearance, palette, font, color_scheme } = themeAttributesOf(theme);
  useLayoutEffect(() => {
    if (!doc) return;
    const html = doc.documentElement;
    html.className = PREVIEW_CLASS;
    html.lang = theme.lang;
    html.dir = textDirection(languageOf(theme.lang));
    html.dataset.appearance = appearance;
    html.dataset.palette = palette;
    html.style.setProperty("--fw-font", font);
    html.style.colorScheme = color_scheme;
  }, [doc, theme.lang, appearance, palette, font, color_scheme]);
  const height = useContentHeight(doc);

  return (
    <figure aria-label={label} className={cn("overflow-hidden rounded-xl border border-line", className)}>
      <iframe ref={frame} title={label} sandbox="allow-same-origin" srcDoc={BLANK} onLoad={attach} tabIndex={-1}
        className="block w-full" style={{ height: height ?? 480 }} />
      {doc && base?.doc === doc ? createPortal(
        <>
          {base.links.map((href) => <link key={href} rel="stylesheet" href={href} />)}
        </>,
        doc.head,
      ) : null}
      {doc && base?.doc === doc ? createPortal(
        page ? <div inert>{children}</div> : (
          <div inert className="mx-auto flex w-full max-w-[640px] flex-col gap-4 px-3 py-6 sm:px-6 sm:py-10">
            {children}
            {theme.is_powered_by_branding_enabled ? <PoweredBy /> : null}
          </div>
        ),
        doc.body,
      ) : null}
    </figure>
  );
}
