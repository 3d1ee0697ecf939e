/** @jsxRuntime automatic */
/**
 * The record's body: an input per field while editing (create, or update after Edit), else
 * the stored values read only, label above value, JSON laid out in a scrollable block.
 */
import { useContext, type Dispatch } from "react";
import type { DataColumn, FormField } from "@fieldwork/core";
import type { Row } from "../../../api/data-api";
import { ReferenceLabelsContext } from "../use-reference-labels";
import { valueView } from "./record-display";
import { RecordInput } from "./record-input";
import type { RecordAction } from "./record-state";
import { draftOf, type Drafts } from "./record-values";

export function RecordInputs({ fields, drafts, errors, disabled, dispatch }: {
  fields: readonly FormField[]; drafts: Drafts; errors: Record<string, string>; disabled: boolean; dispatch: Dispatch<RecordAction>;
}) {
  if (fields.length === 0) return <p className="text-sm text-muted">This form has no fields yet.</p>;
  return (
    <div className="grid gap-5">
      {fields.map((field) => (
        <RecordInput
          key={field.id}
          field={field}
          value={drafts[field.name] ?? draftOf(field, null)}
          error={errors[field.name]}
          // What was paid is the provider's record (refunds go through the provider): shown, not edited.
          disabled={disabled || field.type === "payment"}
          onChange={(value) => dispatch({ type: "input", name: field.name, value })}
          onLeave={() => dispatch({ type: "leave", name: field.name })}
        />
      ))}
    </div>
  );
}

export function StoredValue({ column, value }: { column: Pick<DataColumn, "format" | "field">; value: unknown }) {
  const view = valueView(column, value);
  if (view.kind === "empty") return <span className="text-faint">—</span>;
  if (view.kind === "json") {
    return <pre className="max-h-60 overflow-auto rounded-md border border-line bg-subtle px-3 py-2 font-mono text-xs text-fg">{view.text}</pre>;
  }
  return <ReferenceOr column={column} value={value} text={view.text} />;
}

/** A reference's label with its key under it (or the key marked not found); any other value as its text. */
function ReferenceOr({ column, value, text }: { column: Pick<DataColumn, "field">; value: unknown; text: string }) {
  const found = useContext(ReferenceLabelsContext)(column, value);
  if (found?.label === null) {
    return <span className="grid"><span className="break-words font-mono text-xs text-faint">{text}</span><span className="text-xs text-muted">not found</span></span>;
  }
  if (found) {
    return <span className="grid" data-testid="reference-value"><span className="break-words">{found.label}</span><span className="break-all font-mono text-xs text-faint">{found.key}</span></span>;
  }
  return <span className="break-words whitespace-pre-wrap">{text}</span>;
}

export function RecordValues({ columns, row }: { columns: readonly DataColumn[]; row: Row }) {
  if (columns.length === 0) return <p className="text-sm text-muted">Nothing to show.</p>;
  return (
    <dl className="grid gap-4">
      {columns.map((column) => (
        <div key={column.name} className="grid min-w-0 gap-1">
          <dt className="text-xs font-medium text-muted">
            {column.label}
            {column.label !== column.name ? <span className="ml-2 font-mono text-xs font-normal text-faint">{column.name}</span> : null}
          </dt>
          <dd className="min-w-0 text-sm text-fg"><StoredValue column={column} value={row[column.name]} /></dd>
        </div>
      ))}
    </dl>
  );
}
