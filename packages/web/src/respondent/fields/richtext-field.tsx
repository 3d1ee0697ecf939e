/** @jsxRuntime automatic */
/**
 * A rich text answer (spec 1 §3): Tiptap's editor with bold, italic and lists, loaded only by
 * forms that have a richtext field. The form posts the editor's HTML under the field's name;
 * the server cleans it with the owner-HTML allow-list before storing it (forms/answer-html.ts).
 */
import { useState } from "react";
import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Bold, Italic, List, ListOrdered } from "lucide-react";
import { useText } from "../messages";
import { textDefault } from "../prefill";
import { describedBy, fieldDomId } from "./field-attrs";
import { useFieldError } from "../field-errors";
import type { FieldProps } from "./field-props";
import { FieldShell } from "./field-shell";
import { controlClass } from "./field-styles";

const toolClass =
  "inline-flex size-9 items-center justify-center rounded-lg text-fg hover:bg-subtle aria-pressed:bg-accent-soft " +
  "focus:outline-none focus-visible:ring-4 focus-visible:ring-accent-soft";

export default function RichTextField({ field, prefill }: FieldProps) {
  const text = useText();
  const refused = useFieldError(field.name) !== undefined;
  const [html, setHtml] = useState(() => textDefault(prefill) ?? "");
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false } })],
    content: html,
    editable: !field.readonly,
    immediatelyRender: false,
    // The page's CSP allows no inline <style>: the editor's few rules are in respondent.css.
    injectCSS: false,
    editorProps: {
      attributes: {
        id: fieldDomId(field), role: "textbox", "aria-multiline": "true", "aria-label": field.label ?? field.name,
        ...(describedBy(field, refused)["aria-describedby"] ? { "aria-describedby": describedBy(field, refused)["aria-describedby"]! } : {}),
        class: `${controlClass} fw-richtext min-h-32 rounded-t-none`,
        "data-testid": "richtext-editor",
      },
    },
    onUpdate: ({ editor: e }) => setHtml(e.isEmpty ? "" : e.getHTML()),
  });
  const tool = (label: string, active: boolean, run: () => void, Icon: typeof Bold) => (
    <button type="button" className={toolClass} aria-label={label} aria-pressed={active} onMouseDown={(e) => e.preventDefault()} onClick={run}>
      <Icon aria-hidden="true" className="size-4" />
    </button>
  );
  return (
    <FieldShell field={field}>
      <div role="toolbar" aria-label={field.label ?? field.name} className="flex gap-1 rounded-t-xl border border-b-0 border-line bg-field p-1">
        {tool(text("field.bold"), !!editor?.isActive("bold"), () => editor?.chain().focus().toggleBold().run(), Bold)}
        {tool(text("field.italic"), !!editor?.isActive("italic"), () => editor?.chain().focus().toggleItalic().run(), Italic)}
        {tool(text("field.bullet_list"), !!editor?.isActive("bulletList"), () => editor?.chain().focus().toggleBulletList().run(), List)}
        {tool(text("field.numbered_list"), !!editor?.isActive("orderedList"), () => editor?.chain().focus().toggleOrderedList().run(), ListOrdered)}
      </div>
      <EditorContent editor={editor} />
      <input type="hidden" name={field.name} value={html} />
    </FieldShell>
  );
}
