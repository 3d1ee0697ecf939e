/** @jsxRuntime automatic */
/**
 * The Cover page (`…/form/start`, spec 3 §2 and §4): choose a start-page template (003, 005
 * or none), edit its texts, images and body beside a live preview drawn by the public
 * cover's own component and script. Changes save START_PAGE_SAVE_DEBOUNCE_MS (1000 ms) after
 * the last one, through the editor's save queue ("start-page" command). A stored page of
 * another schema version shows the invalid state, with its version, instead of the fields.
 */
import { useEffect, useRef, useState } from "react";
import { readStartPage, START_PAGE_MEDIA_MAX, START_PAGE_SAVE_DEBOUNCE_MS, START_PAGE_SCHEMA_VERSION, type EditorDocument, type StartPage } from "@fieldwork/core";
import { Plus, Trash2 } from "lucide-react";
import "../../../cover/cover.css";
import { CoverView } from "../../../cover/cover-view";
import { startCover } from "../../../cover/cover-runtime";
import { Button } from "../../../ui/button";
import { cn } from "../../../ui/cn";
import { Field } from "../../../ui/field";
import { controlClass, Input } from "../../../ui/input";
import { command } from "../build/build-reducer";
import { useBuild, useBuildStore } from "../build/build-store";
import { ThemeFrame, ThemeTokens } from "../design/theme-frame";
import { previewHtml } from "../ending/preview-html";
import { PageBar } from "../form-store-host";
import { Link } from "../../router/link";
import { ChoiceGroup, SettingCard, type Choice } from "../settings/settings-controls";
import { campaignOfSettings, samePage, startPageProblem, withTemplate, type TemplateChoice } from "./start-draft";

const TEMPLATES: readonly Choice<TemplateChoice>[] = [
  { value: "none", label: "No cover", description: "Visitors start on the form itself." },
  { value: "003", label: "Title page (003)", description: "A big centered title, a subtitle, a background image and Start Now." },
  { value: "005", label: "Event campaign (005)", description: "Square images, title, schedule banner, text, and a countdown with Register." },
];

const validOf = (value: unknown) => {
  const reading = readStartPage(value as never);
  return reading.kind === "valid" ? reading.page : null;
};

export function StartPageEditor() {
  const store = useBuildStore();
  const doc = useBuild((s) => s.working);
  const readonly = useBuild((s) => s.readonly);
  const reading = readStartPage(doc.start_page);
  const [draft, setDraft] = useState<StartPage | null>(() => validOf(doc.start_page));
  const [pending, setPending] = useState(false);
  const saved = useRef(doc.start_page);

  // A new document (undo, another tab's write answered by a reload) replaces what is not being typed.
  useEffect(() => {
    if (!pending && !samePage(saved.current, doc.start_page)) setDraft(validOf(doc.start_page));
    saved.current = doc.start_page;
  }, [doc.start_page, pending]);

  // Saves 1000 ms after the last change; leaving the page saves at once.
  const latest = useRef<{ draft: StartPage | null; pending: boolean }>({ draft, pending });
  latest.current = { draft, pending };
  const save = () => {
    const { draft: page, pending: waiting } = latest.current;
    if (!waiting) return;
    setPending(false);
    latest.current.pending = false;
    if (startPageProblem(page) === null && !samePage(page, saved.current)) store.dispatch(command("start-page", { start_page: page }));
  };
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(save, START_PAGE_SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, pending]);
  useEffect(() => () => save(), []);

  const change = (page: StartPage | null) => {
    setDraft(page);
    setPending(true);
  };
  const problem = startPageProblem(draft);

  if (reading.kind === "invalid" && draft === null && !pending) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4 px-4 pt-4 pb-24">
        <PageBar title="Cover" description="The start page visitors see before the form." />
        <SettingCard title="This cover cannot be edited here">
          <div role="alert" className="grid gap-2 text-sm">
            <p>Its schema version is <code className="font-mono">{reading.version ?? "missing"}</code>; this editor reads version <code className="font-mono">{START_PAGE_SCHEMA_VERSION}</code>. Visitors do not see it: the form opens directly.</p>
            <div><Button variant="secondary" disabled={readonly} onClick={() => change(null)}>Remove it and start again</Button></div>
          </div>
        </SettingCard>
      </div>
    );
  }

  const choice: TemplateChoice = draft?.template_id ?? "none";
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-4 px-4 pt-4 pb-24">
      <ThemeTokens />
      <PageBar title="Cover" description="The start page visitors see before the form." />
      <div className="grid items-start gap-6 lg:grid-cols-[24rem_minmax(0,1fr)]">
        <div className="grid gap-4">
          <SettingCard title="Template">
            <ChoiceGroup legend="Start page" name="start-template" value={choice} choices={TEMPLATES} disabled={readonly}
              onChange={(template) => change(withTemplate(draft, template))} />
          </SettingCard>
          {draft ? (
            <SettingCard title="Content" description={pending ? "Saving after a second without changes…" : undefined}>
              <ContentFields page={draft} readonly={readonly} onChange={change} />
              {problem ? <p role="alert" className="text-xs text-danger">{problem} Not saved.</p> : null}
            </SettingCard>
          ) : null}
          {draft?.template_id === "005" ? (
            <p className="text-xs text-muted">
              The banner, countdown and Register button follow{" "}
              <Link className="underline" href={location.pathname.replace(/\/form\/start$/, "/settings")}>the form&apos;s schedule and closing</Link> (Form settings).
            </p>
          ) : null}
        </div>
        <div className="grid gap-2 lg:sticky lg:top-16">
          <p className="text-xs text-muted">{draft ? "Preview: what visitors see first." : "No cover: visitors start on the form."}</p>
          {draft ? <CoverPreview page={draft} doc={doc} /> : null}
        </div>
      </div>
    </div>
  );
}

function ContentFields({ page, readonly, onChange }: { page: StartPage; readonly: boolean; onChange: (page: StartPage) => void }) {
  const set = (content: Partial<StartPage["content"]>) => onChange({ ...page, content: { ...page.content, ...content } } as StartPage);
  const text = (label: string, key: "title" | "subtitle", value: string) => (
    <Field label={label}>
      {(p) => <Input {...p} value={value} disabled={readonly} onChange={(e) => set({ [key]: e.target.value })} />}
    </Field>
  );
  if (page.template_id === "003") {
    return (
      <>
        {text("Title", "title", page.content.title)}
        {text("Subtitle", "subtitle", page.content.subtitle)}
        <Field label="Background image" hint="An https:// address of an image. Empty: a soft gradient.">
          {(p) => <Input {...p} type="url" placeholder="https://example.com/cover.jpg" value={page.content.background ?? ""} disabled={readonly}
            onChange={(e) => set({ background: e.target.value.trim() || null })} />}
        </Field>
      </>
    );
  }
  const media = page.content.media;
  const setMedia = (next: typeof media) => set({ media: next });
  return (
    <>
      {text("Title", "title", page.content.title)}
      <Field label="Text" hint="Simple HTML: <p>, <a href>, <strong>, <em>, lists. Scripts and styles are removed when saved.">
        {(p) => <textarea {...p} rows={6} value={page.content.body} disabled={readonly}
          onChange={(e) => set({ body: e.target.value })} className={cn(controlClass, "h-auto min-h-32 py-2 font-mono text-xs md:text-xs")} />}
      </Field>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-fg">Images (square, shown in a loop)</legend>
        {media.map((image, index) => (
          <div key={index} className="flex items-center gap-2">
            <Input aria-label={`Image ${index + 1} address`} type="url" value={image.src} disabled={readonly} placeholder="https://example.com/photo.jpg"
              onChange={(e) => setMedia(media.map((m, i) => (i === index ? { ...m, src: e.target.value.trim() } : m)))} />
            <Input aria-label={`Image ${index + 1} description`} value={image.alt} disabled={readonly} placeholder="Description"
              onChange={(e) => setMedia(media.map((m, i) => (i === index ? { ...m, alt: e.target.value } : m)))} />
            <Button variant="ghost" size="icon" aria-label={`Remove image ${index + 1}`} disabled={readonly}
              onClick={() => setMedia(media.filter((_, i) => i !== index))}><Trash2 /></Button>
          </div>
        ))}
        <div>
          <Button variant="secondary" size="sm" disabled={readonly || media.length >= START_PAGE_MEDIA_MAX}
            onClick={() => setMedia([...media, { src: "", alt: "" }])}><Plus />Add image</Button>
        </div>
      </fieldset>
    </>
  );
}

/** The cover as the public page draws it, with its countdown and carousel running. */
function CoverPreview({ page, doc }: { page: StartPage; doc: EditorDocument }) {
  const campaign = campaignOfSettings(doc.settings);
  const shown = page.template_id === "005" ? { ...page, content: { ...page.content, body: previewHtml(page.content.body) ?? "", media: page.content.media.filter((m) => m.src) } } : page;
  // The frame draws its children once its document has loaded: the script starts on the node when it is there.
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const key = JSON.stringify([shown, campaign]);
  useEffect(() => (root ? startCover(root) : undefined), [root, key]);
  return (
    <ThemeFrame theme={doc.theme} label="Preview of the cover" page>
      <div ref={setRoot} className="fw-cover-preview">
        <CoverView key={key} page={shown as StartPage} campaign={campaign} lang={doc.theme.lang} now={new Date()} action="#" query={{}} preview />
      </div>
    </ThemeFrame>
  );
}
