/** @jsxRuntime automatic */
import { Asterisk, ListTree } from "lucide-react";
import { Badge } from "../../ui/badge";
import { Card, CardHeader } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { fetchFormDefinition } from "../api/documents";
import { useResource } from "../session/use-resource";
import { LoadError, RowsSkeleton } from "../shell/page";
import { outlineOf, type OutlineSection } from "./form-outline";

const questions = (n: number) => `${n} ${n === 1 ? "question" : "questions"}`;

function SectionCard({ section, index }: { section: OutlineSection; index: number }) {
  const count = section.items.filter((item) => item.kind === "field").length;
  return (
    <Card aria-labelledby={`outline-${index}`}>
      <CardHeader id={`outline-${index}`} title={section.title ?? "Questions"} description={questions(count)} />
      <ol>
        {section.items.map((item, i) =>
          item.kind === "field" ? (
            <li key={i} className="flex min-h-11 items-center gap-3 border-b border-line px-4 py-2 last:border-b-0">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-fg">
                  {item.label}
                  {item.required ? (<><Asterisk aria-hidden="true" className="ml-0.5 inline size-3 align-super text-danger" /><span className="sr-only"> (required)</span></>) : null}
                </p>
                <p className="truncate font-mono text-xs text-muted">{item.name}</p>
              </div>
              <Badge>{item.type}</Badge>
            </li>
          ) : (
            <li key={i} className="flex min-h-9 items-center border-b border-line px-4 py-2 text-xs text-muted last:border-b-0">{item.label}</li>
          ),
        )}
      </ol>
    </Card>
  );
}

/** The form's sections and questions as they are now, read from its definition. */
export function FormOutline({ form_id }: { form_id: string }) {
  const { state, reload } = useResource(form_id, (signal) => fetchFormDefinition(form_id, signal));
  if (state.status === "loading") return <Card><RowsSkeleton rows={4} rowClassName="h-11" /></Card>;
  if (state.status === "failed") return <Card><LoadError message={state.message} onRetry={reload} /></Card>;
  const sections = outlineOf(state.data);
  if (!sections.length) {
    return (
      <Card>
        <EmptyState icon={ListTree} title="No questions yet">
          Until the editor arrives, questions come from a definition file: <code className="font-mono text-fg">npm run cli -- forms import</code>.
        </EmptyState>
      </Card>
    );
  }
  return <div className="grid gap-4">{sections.map((section, i) => <SectionCard key={i} section={section} index={i} />)}</div>;
}
