/** @jsxRuntime automatic */
/**
 * What visitors see after answering (`…/form/end`): a completion page with the owner's title
 * and body (simple HTML; the server sanitizes it), or a redirect to an http(s) address, next
 * to a preview drawn as the public completion page is (status-view.ts, StatusPage) in the
 * form's theme. Writes go through the editor's save queue ("ending" command).
 */
import { useEffect, useReducer, type KeyboardEvent } from "react";
import { Field } from "../../../ui/field";
import { controlClass, Input } from "../../../ui/input";
import { cn } from "../../../ui/cn";
import { StatusPage } from "../../../status/status-page";
import { statusView } from "../../../status/status-view";
import { command } from "../build/build-reducer";
import { useBuild, useBuildStore } from "../build/build-store";
import { ThemeFrame, ThemeTokens } from "../design/theme-frame";
import { PageBar } from "../form-store-host";
import { ChoiceGroup, SettingCard, Toggle, type Choice } from "../settings/settings-controls";
import { previewHtml } from "./preview-html";
import { endingDraftReducer, endingPatch, initEndingDraft, statusFormOf, type EndingKey, type EndingMode } from "./ending-draft";

const MODES: readonly Choice<EndingMode>[] = [
  { value: "page", label: "Show a completion page", description: "Visitors stay on the form's site and read your message." },
  { value: "redirect", label: "Send visitors to another address", description: "After the thank-you, the browser goes to a page of yours." },
];

const blurOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key === "Enter") event.currentTarget.blur();
};

export function EndingPage() {
  const store = useBuildStore();
  const doc = useBuild((s) => s.working);
  const readonly = useBuild((s) => s.readonly);
  const [draft, dispatchDraft] = useReducer(endingDraftReducer, doc.ending, initEndingDraft);
  useEffect(() => dispatchDraft({ type: "document", ending: doc.ending }), [doc.ending]);
  const ending = doc.ending;

  const write = (patch: Partial<typeof ending>) => {
    const changed = Object.entries(patch).some(([k, v]) => ending[k as keyof typeof ending] !== v);
    if (changed) store.dispatch(command("ending", { ending: patch }));
  };
  const save = (key: EndingKey) => {
    const result = endingPatch(key, draft[key]);
    dispatchDraft(result.ok ? { type: "saved", key } : { type: "saved", key, error: result.message });
    if (result.ok) write(result.patch);
  };
  const setMode = (mode: EndingMode) => {
    dispatchDraft({ type: "mode", mode });
    if (mode === "page") write({ redirect_uri: null });
    else if (draft.redirect_uri.trim()) save("redirect_uri");
  };

  // The preview shows the draft, as the public page would once it is saved.
  const shown = {
    ...ending,
    title: draft.title.trim() || null,
    body_html: previewHtml(draft.body_html.trim() || null),
    redirect_uri: draft.mode === "redirect" && !draft.error ? draft.redirect_uri.trim() || null : null,
  };
  // The same view, drawn by the same component, as the server's `/d/e/{form_id}/complete`.
  const view = statusView("complete", statusFormOf(doc, shown), {});

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-4 px-4 pt-4 pb-24">
      <ThemeTokens />
      <PageBar title="Ending" description="What visitors see after they answer." />
      <div className="grid items-start gap-6 lg:grid-cols-[24rem_minmax(0,1fr)]">
        <div className="grid gap-4">
          <SettingCard title="After a response">
            <ChoiceGroup legend="Visitors then" name="ending-mode" value={draft.mode} choices={MODES} disabled={readonly} onChange={setMode} />
            {draft.mode === "redirect" ? (
              <Field label="Address" error={draft.error} hint="An http:// or https:// address. Visitors see the thank-you with a Continue link, then go there.">
                {(p) => <Input {...p} type="url" placeholder="https://example.com/thanks" value={draft.redirect_uri} disabled={readonly} onKeyDown={blurOnEnter}
                  onChange={(e) => dispatchDraft({ type: "edit", key: "redirect_uri", text: e.target.value })} onBlur={() => save("redirect_uri")} />}
              </Field>
            ) : null}
          </SettingCard>
          <SettingCard title="Completion page" description={ending.enabled ? "Your title and text." : "The default: “Thank you. Your response has been recorded.”"}>
            <Toggle label="Use my own title and text" checked={ending.enabled} disabled={readonly} onChange={(enabled) => write({ enabled })} />
            {ending.enabled ? (
              <>
                <Field label="Title" hint="Empty: “Thank you”.">
                  {(p) => <Input {...p} value={draft.title} disabled={readonly} onKeyDown={blurOnEnter} placeholder="Thank you"
                    onChange={(e) => dispatchDraft({ type: "edit", key: "title", text: e.target.value })} onBlur={() => save("title")} />}
                </Field>
                <Field label="Text" hint="Simple HTML: <p>, <a href>, <strong>, <em>, lists. Scripts and styles are removed when saved.">
                  {(p) => <textarea {...p} rows={6} value={draft.body_html} disabled={readonly} placeholder="<p>We will be in touch soon.</p>"
                    onChange={(e) => dispatchDraft({ type: "edit", key: "body_html", text: e.target.value })} onBlur={() => save("body_html")}
                    className={cn(controlClass, "h-auto min-h-32 py-2 font-mono text-xs md:text-xs")} />}
                </Field>
              </>
            ) : null}
          </SettingCard>
        </div>
        <div className="grid gap-2 lg:sticky lg:top-16">
          <p className="text-xs text-muted">Preview: the page after a response.</p>
          <ThemeFrame theme={{ ...view.stylesheet!, lang: view.lang }} label="Preview of the completion page" page>
            <StatusPage content={view.content} powered_by={view.powered_by} />
          </ThemeFrame>
        </div>
      </div>
    </div>
  );
}
