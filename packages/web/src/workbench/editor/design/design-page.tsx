/** @jsxRuntime automatic */
/**
 * The form's theme (`…/design`, spec 3 §3): language, the footer buttons' wording, palette,
 * appearance, font, custom CSS and the powered-by line (section style and background are not drawn by the public page,
 * so not offered), beside a live preview drawn with
 * the public form's components and the same theme attributes. Choices save at once; the
 * custom CSS previews as it is typed and saves when the box is left. Every write goes
 * through the editor's save queue ("theme" command) with the form's revision.
 */
import { useEffect, useId, useState, type ReactNode } from "react";
import { Check } from "lucide-react";
import { Field } from "../../../ui/field";
import { controlClass } from "../../../ui/input";
import { Select } from "../../../ui/select";
import { cn } from "../../../ui/cn";
import { command } from "../build/build-reducer";
import { useBuild, useDispatch } from "../build/build-store";
import { PageBar } from "../form-store-host";
import { FormPreview } from "./form-preview";
import { ThemeFrame, ThemeTokens, themeProps } from "./theme-frame";
import {
  APPEARANCES, PALETTE_CHOICES, fontChoices, languageChoices, shownPalette, type Theme,
} from "./theme-options";
import { PREVIEW_CLASS } from "./preview-css";
import { ButtonLabelsFields } from "./button-labels-group";

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-4 border-b border-line pb-5 last:border-b-0">
      <h2 className="text-xs font-medium tracking-wide text-muted uppercase">{title}</h2>
      {children}
    </section>
  );
}

/** Native radios drawn as a segmented control (arrow keys move the choice). */
function Segmented<V extends string>({ legend, name, value, choices, disabled, onChange }: {
  legend: string; name: string; value: V; choices: readonly { value: V; label: string }[]; disabled: boolean; onChange: (value: V) => void;
}) {
  return (
    <fieldset disabled={disabled} className="grid gap-2">
      <legend className="mb-2 text-sm font-medium text-fg">{legend}</legend>
      <div className="grid auto-cols-fr grid-flow-col gap-0.5 rounded-md border border-line bg-subtle p-0.5">
        {choices.map((choice) => (
          <label key={choice.value} className={cn(
            "relative flex h-7 cursor-pointer items-center justify-center rounded text-xs font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent",
            choice.value === value ? "bg-raised text-fg shadow-xs" : "text-muted hover:text-fg",
          )}>
            <input type="radio" name={name} value={choice.value} checked={choice.value === value} onChange={() => onChange(choice.value)} className="absolute inset-0 size-full cursor-pointer opacity-0" />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The named palettes as swatches, each drawn by the preview's own tokens in the current appearance. */
function PaletteSwatches({ theme, disabled, onChange }: { theme: Theme; disabled: boolean; onChange: (palette: string) => void }) {
  const current = shownPalette(theme);
  return (
    <fieldset disabled={disabled} className="grid gap-2">
      <legend className="mb-2 text-sm font-medium text-fg">Palette</legend>
      <div className="flex flex-wrap gap-2">
        {PALETTE_CHOICES.map((p) => (
          <label key={p.value} title={p.label} className={cn(
            "relative grid size-8 cursor-pointer place-items-center rounded-full border-2 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent",
            p.value === current ? "border-fg" : "border-transparent hover:border-line-strong",
          )}>
            <input type="radio" name="palette" value={p.value} checked={p.value === current} onChange={() => onChange(p.value)} className="absolute inset-0 z-10 size-full cursor-pointer opacity-0" aria-label={p.label} />
            {/* The accent as the public page draws it in this appearance: its own tokens, on the swatch itself. */}
            <span {...swatchProps(theme, p.value)} className={cn(PREVIEW_CLASS, "grid size-6 place-items-center rounded-full")}>
              {p.value === current ? <Check aria-hidden="true" className="size-3.5" strokeWidth={3} /> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function swatchProps(theme: Theme, palette: string) {
  const props = themeProps({ ...theme, palette });
  return { ...props, style: { ...props.style, background: "var(--fw-accent)", color: "var(--fw-accent-fg)" } };
}

function Checkbox({ label, hint, checked, disabled, onChange }: { label: string; hint?: string; checked: boolean; disabled: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input id={id} type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} className="focus-ring mt-0.5 size-4" aria-describedby={hint ? `${id}-h` : undefined} />
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-fg">{label}</label>
        {hint ? <p id={`${id}-h`} className="text-xs text-muted">{hint}</p> : null}
      </div>
    </div>
  );
}

export function DesignPage() {
  const doc = useBuild((s) => s.working);
  const readonly = useBuild((s) => s.readonly);
  const dispatch = useDispatch();
  const theme = doc.theme;
  const set = (patch: Partial<Theme>) => dispatch(command("theme", { theme: patch }));
  // The custom CSS as typed: the preview follows it, the form gets it when the box is left.
  const [css, setCss] = useState<string | null>(null);
  useEffect(() => setCss(null), [theme.custom_css]);
  const cssShown = css ?? theme.custom_css ?? "";
  const saveCss = () => {
    const value = cssShown.trim() ? cssShown : null;
    if (value !== theme.custom_css) set({ custom_css: value });
    else setCss(null);
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-4 px-4 pt-4 pb-24">
      <ThemeTokens />
      <PageBar title="Theme" description="How the public form looks. Changes save as you make them." />
      <div className="grid items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div className="grid gap-5 rounded-lg border border-line bg-card p-4 shadow-xs">
          <Group title="Colours">
            <PaletteSwatches theme={theme} disabled={readonly} onChange={(palette) => set({ palette })} />
            <Segmented legend="Appearance" name="appearance" value={theme.appearance} choices={APPEARANCES} disabled={readonly} onChange={(appearance) => set({ appearance })} />
          </Group>
          <Group title="Text">
            <Field label="Font">
              {(p) => <Select {...p} value={theme.font_family} disabled={readonly} onChange={(e) => set({ font_family: e.target.value })}>
                {fontChoices(theme.font_family).map((f) => <option key={f.value} value={f.value}>{f.label}</option>)}
              </Select>}
            </Field>
            <Field label="Language" hint="The form's buttons, messages and status pages speak it; Arabic reads right to left.">
              {(p) => <Select {...p} value={theme.lang} disabled={readonly} onChange={(e) => set({ lang: e.target.value })}>
                {languageChoices(theme.lang).map((l) => <option key={l.value} value={l.value}>{l.label}</option>)}
              </Select>}
            </Field>
          </Group>
          <Group title="Buttons">
            <p className="-mt-2 text-xs text-muted">The words on the form's buttons. Empty boxes use the language's own (shown in grey).</p>
            <ButtonLabelsFields lang={theme.lang} labels={theme.button_labels} disabled={readonly} onChange={(button_labels) => set({ button_labels })} />
          </Group>
          <Group title="Layout">
            {/* Section style and page background are kept in the form's theme (import, export, API)
                but the public page does not draw them: not offered here. */}
            <Checkbox label="Show “Powered by Fieldwork”" checked={theme.is_powered_by_branding_enabled} disabled={readonly}
              onChange={(on) => set({ is_powered_by_branding_enabled: on })} />
          </Group>
          <Group title="Custom CSS">
            <Field label="CSS for this form" hint="Applies to the public page of this form only. Saved when you leave the box.">
              {(p) => <textarea {...p} value={cssShown} disabled={readonly} spellCheck={false} rows={6} placeholder={"h1 {\n  letter-spacing: 0;\n}"}
                onChange={(e) => setCss(e.target.value)} onBlur={saveCss}
                className={cn(controlClass, "h-auto min-h-32 py-2 font-mono text-xs md:text-xs")} />}
            </Field>
          </Group>
        </div>
        <div className="grid gap-2 lg:sticky lg:top-16">
          <p className="text-xs text-muted">Preview: the first screen of the public form.</p>
          <ThemeFrame theme={{ ...theme, custom_css: cssShown || null }} label="Preview of the public form">
            <FormPreview doc={doc} />
          </ThemeFrame>
        </div>
      </div>
    </div>
  );
}
