/** @jsxRuntime automatic */
/**
 * Footer buttons (spec 1 §4.1): Back, Next, Submit, Pay, plus the "2 / 3" counter.
 *
 * Before React is interactive the footer is the no-JavaScript one (Submit always works)
 * and also carries the first section's JS buttons, each marked `fw-js-only` or
 * `fw-nojs-only`; respondent.css shows the right set from the `html.js` class, so the
 * page does not move when React takes over. The labels are the form's language's
 * (`button.*` of core's catalogue: Back, Next, Submit, Pay in English).
 */
import { ChevronLeft, ChevronRight, LoaderCircle } from "lucide-react";
import type { NavigationButtons } from "@fieldwork/core";
import { useText } from "./messages";

type Visibility = "both" | "js" | "nojs" | "none";

/** Which modes show a button; `interactive` means the JS-only rules no longer apply. */
export function buttonVisibility(kind: keyof NavigationButtons, buttons: NavigationButtons, interactive: boolean): Visibility {
  const withJs = buttons[kind];
  if (interactive) return withJs ? "both" : "none";
  const withoutJs = kind === "submit";
  if (withJs && withoutJs) return "both";
  return withJs ? "js" : withoutJs ? "nojs" : "none";
}

const MODE_CLASS: Record<Visibility, string> = { both: "", js: "fw-js-only", nojs: "fw-nojs-only", none: "" };

const primary =
  "inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-accent px-6 text-base font-semibold text-accent-fg " +
  "shadow-sm transition-[filter,transform] duration-150 hover:brightness-110 active:scale-[0.98] " +
  "focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-accent-soft focus-visible:ring-offset-2 focus-visible:ring-offset-card " +
  "disabled:cursor-progress disabled:opacity-70 disabled:active:scale-100";
const secondary =
  "inline-flex min-h-12 items-center justify-center gap-1.5 rounded-xl px-4 text-base font-medium text-muted " +
  "transition-colors hover:bg-subtle hover:text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-accent-soft";

export function FormFooter(props: {
  buttons: NavigationButtons;
  interactive: boolean;
  is_submitting: boolean;
  progress: { position: number; total: number };
  onBack: () => void;
  onNext: () => void;
}) {
  const { buttons, interactive, is_submitting, progress } = props;
  const text = useText();
  const show = (kind: keyof NavigationButtons) => buttonVisibility(kind, buttons, interactive);
  const cls = (kind: keyof NavigationButtons) => MODE_CLASS[show(kind)];
  const spinner = is_submitting ? <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> : null;
  const submitting = { disabled: is_submitting, "aria-busy": is_submitting || undefined };

  return (
    <div className="flex items-center gap-3">
      {show("back") !== "none" ? (
        <button type="button" onClick={props.onBack} className={`${secondary} -ms-3 ${cls("back")}`}>
          <ChevronLeft aria-hidden="true" className="size-5 rtl:-scale-x-100" />
          {text("button.back")}
        </button>
      ) : null}
      <div className="ms-auto flex items-center gap-4">
        {progress.total > 1 ? (
          <span className={`text-sm text-muted tabular-nums ${interactive ? "" : "fw-js-only"}`} aria-live="polite">
            <span className="sr-only">{text("form.section")} </span>
            {progress.position} / {progress.total}
          </span>
        ) : null}
        {show("next") !== "none" ? (
          <button type="button" onClick={props.onNext} className={`${primary} ${cls("next")}`}>
            {text("button.next")}
            <ChevronRight aria-hidden="true" className="-me-1 size-5 rtl:-scale-x-100" />
          </button>
        ) : null}
        {show("pay") !== "none" ? (
          <button type="submit" {...submitting} className={`${primary} ${cls("pay")}`}>
            {spinner}
            {text("button.pay")}
          </button>
        ) : null}
        {show("submit") !== "none" ? (
          <button type="submit" {...submitting} className={`${primary} ${cls("submit")}`}>
            {spinner}
            {text("button.submit")}
          </button>
        ) : null}
      </div>
    </div>
  );
}
