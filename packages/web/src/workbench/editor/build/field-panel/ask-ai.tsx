/** @jsxRuntime automatic */
/**
 * The field panel's "Ask AI" box (spec 2 §3, §7; spec 3 §2: offered only when creating a
 * field): the owner describes the field (or leaves it empty to let the form's context
 * decide), Suggest asks `POST /private/editor/ai/schema` with a spinner while it waits, the
 * suggestion is previewed, and Apply puts it into the panel's draft (nothing is saved until
 * Save). Enter in the description asks; the preview's Apply takes the focus.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Sparkles } from "lucide-react";
import { fieldTypeLabel, SUGGESTION_LIMITS, type AiSchemaAnswer, type FieldSuggestion } from "@fieldwork/core";
import { Button } from "../../../../ui/button";
import { Input } from "../../../../ui/input";
import { suggestField } from "../../../api/ai";
import { isAbort, messageOf } from "../../../api/http";
import { useSession } from "../../../session/session-context";
import { useBuild } from "../build-store";
import { resolveId } from "../editor-request";

type AskState =
  | { kind: "idle" }
  | { kind: "asking" }
  | { kind: "preview"; suggestion: AiSchemaAnswer }
  | { kind: "failed"; message: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function Preview({ suggestion }: { suggestion: AiSchemaAnswer }) {
  const rows: [string, string][] = [
    ["Type", fieldTypeLabel(suggestion.type)],
    ["Label", suggestion.label],
    ["Name", suggestion.name],
    ...(suggestion.placeholder ? [["Placeholder", suggestion.placeholder] as [string, string]] : []),
    ...(suggestion.help_text ? [["Help text", suggestion.help_text] as [string, string]] : []),
    ...(suggestion.pattern ? [["Pattern", suggestion.pattern] as [string, string]] : []),
    ...(suggestion.options.length ? [["Options", suggestion.options.map((o) => o.label).join(", ")] as [string, string]] : []),
    ["Required", suggestion.required ? "Yes" : "No"],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-suggestion-preview="">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted">{term}</dt>
          <dd className="break-words text-fg">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function AskAi({ field_id, onApply }: { field_id: string; onApply: (suggestion: FieldSuggestion) => void }) {
  const form_id = useBuild((s) => s.working.form_id);
  const server_id = useBuild((s) => resolveId(s.ids, field_id));
  const csrf_token = useSession().state.me?.csrf_token ?? "";
  const [description, setDescription] = useState("");
  const [state, setState] = useState<AskState>({ kind: "idle" });
  const controller = useRef<AbortController | null>(null);
  const apply = useRef<HTMLButtonElement>(null);
  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => {
    if (state.kind === "preview") apply.current?.focus();
  }, [state]);

  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (state.kind === "asking") return;
    controller.current?.abort();
    const current = (controller.current = new AbortController());
    setState({ kind: "asking" });
    const field = UUID.test(server_id) ? server_id : null;
    suggestField({ form_id, description: description.trim(), field_id: field }, { csrf_token, signal: current.signal }).then(
      (suggestion) => setState({ kind: "preview", suggestion }),
      (error: unknown) => !isAbort(error) && setState({ kind: "failed", message: messageOf(error) }),
    );
  };

  return (
    <section aria-labelledby={`ask-ai-${field_id}`} className="grid gap-3 rounded-lg border border-line bg-subtle p-4">
      <h3 id={`ask-ai-${field_id}`} className="flex items-center gap-2 text-sm font-semibold text-fg">
        <Sparkles aria-hidden="true" className="size-4 text-accent" />Ask AI
      </h3>
      <form className="flex gap-2" onSubmit={ask}>
        <Input aria-label="Describe the field" placeholder="e.g. T-shirt size: S, M, L or XL" value={description} maxLength={SUGGESTION_LIMITS.description_length}
          onChange={(e) => setDescription(e.target.value)} autoComplete="off" />
        <Button type="submit" loading={state.kind === "asking"}>Suggest</Button>
      </form>
      <p role="status" className="text-xs text-muted">
        {state.kind === "asking" ? "Suggesting…" : state.kind === "idle" ? "Describe the field, or leave it empty for a suggestion from the form." : ""}
      </p>
      {state.kind === "failed" ? <p role="alert" className="text-xs text-danger">{state.message}</p> : null}
      {state.kind === "preview" ? (
        <div role="group" aria-label="Suggested field" className="grid gap-3">
          <p className="text-xs text-muted">
            {state.suggestion.source === "ai" ? "Suggested by the AI service." : "Suggested offline: no AI service is configured."}
          </p>
          <Preview suggestion={state.suggestion} />
          <div className="flex gap-2">
            <Button ref={apply} variant="primary" size="sm" onClick={() => {
              const { source: _source, ...suggestion } = state.suggestion;
              onApply(suggestion);
              setState({ kind: "idle" });
            }}>Apply suggestion</Button>
            <Button variant="ghost" size="sm" onClick={() => setState({ kind: "idle" })}>Discard</Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
