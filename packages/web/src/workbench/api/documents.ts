import type { Doctype } from "@fieldwork/core";
import { privateRequest, seg } from "./http";
import type { CreatedDocument, DocumentSummary, EditorDocument } from "./types";

/** `GET /private/editor/projects/{project_id}/documents`. */
export function fetchDocuments(project_id: string, signal?: AbortSignal): Promise<DocumentSummary[]> {
  return privateRequest<DocumentSummary[]>("GET", `/projects/${seg(project_id)}/documents`, { signal });
}

/** `POST /private/editor/projects/{project_id}/documents` `{ doctype, title, template? }` (editors and owners; `template` for forms). */
export function createDocument(project_id: string, body: { doctype: Doctype; title: string; template?: string }, options: { csrf_token: string; signal?: AbortSignal }) {
  return privateRequest<CreatedDocument>("POST", `/projects/${seg(project_id)}/documents`, { ...options, body });
}

/** `GET /private/editor/documents/{document_id}`. */
export function fetchDocument(document_id: string, signal?: AbortSignal): Promise<EditorDocument> {
  return privateRequest<EditorDocument>("GET", `/documents/${seg(document_id)}`, { signal });
}

/** `PATCH /private/editor/documents/{document_id}` `{ title?, published? }` (editors and owners; `published` for forms). */
export function updateDocument(document_id: string, body: { title?: string; published?: boolean }, options: { csrf_token: string; signal?: AbortSignal }) {
  return privateRequest<EditorDocument>("PATCH", `/documents/${seg(document_id)}`, { ...options, body });
}

/** `DELETE /private/editor/documents/{document_id}` (editors and owners); a form's responses table goes with it. */
export function deleteDocument(document_id: string, options: { csrf_token: string; signal?: AbortSignal }) {
  return privateRequest<{ id: string }>("DELETE", `/documents/${seg(document_id)}`, options);
}
