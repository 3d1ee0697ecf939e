/** What the documents list offers, as data (tested alone): titles, the filter, the row menu. */
import { DOCTYPE_LABELS } from "@fieldwork/core";
import type { DocumentSummary } from "../api/types";
import type { Confirmation } from "../../ui/confirm-dialog";

export type DocumentAction = { kind: "rename" | "delete"; doc: DocumentSummary };

/** The title shown for a document ("Untitled form" when it has none). */
export const documentTitle = (doc: Pick<DocumentSummary, "title" | "doctype">) =>
  doc.title || `Untitled ${(DOCTYPE_LABELS[doc.doctype] ?? "document").toLowerCase()}`;

/** Deleting a form also drops its responses table: the confirmation says so. */
export function deleteConfirmation(doc: DocumentSummary): Confirmation {
  const label = (DOCTYPE_LABELS[doc.doctype] ?? "document").toLowerCase();
  return {
    title: `Delete “${documentTitle(doc)}”?`,
    body: doc.doctype === "v0_form"
      ? "The form and its responses table are deleted, with every response collected so far. This cannot be undone."
      : `The ${label} is deleted. This cannot be undone.`,
    confirmLabel: `Delete ${label}`,
  };
}

/** The documents whose title or type contains every word of `query` (any case). */
export function filterDocuments<T extends Pick<DocumentSummary, "title" | "doctype">>(documents: readonly T[], query: string): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...documents];
  return documents.filter((doc) => {
    const text = `${documentTitle(doc)} ${DOCTYPE_LABELS[doc.doctype] ?? ""}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
