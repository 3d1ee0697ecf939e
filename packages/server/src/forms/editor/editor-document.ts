/** `GET /private/editor/forms/{form_id}`: the form as the editor shows it (`EditorDocument`). */
import { FieldworkError, type EditorDocument } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { endingDefinitionOf, settingsDefinitionOf, themeDefinitionOf } from "../definition-export";
import { loadFormRecord } from "../form-record";

export async function loadEditorDocument(db: Kysely<DB>, formId: string): Promise<EditorDocument> {
  const record = await loadFormRecord(db, formId);
  if (!record) throw new FieldworkError("FORM_NOT_FOUND");
  const { form, document, fields, blocks } = record;
  const doc = form.document_id
    ? await db.selectFrom("document").select(["id", "title"]).where("id", "=", form.document_id).executeTakeFirst()
    : undefined;
  const { published, ...settings } = settingsDefinitionOf(form);
  return {
    form_id: form.id,
    document_id: doc?.id ?? form.document_id ?? "",
    title: doc?.title ?? form.title,
    revision: form.revision,
    published,
    response_count: form.response_count,
    table_name: form.table_name,
    settings,
    theme: themeDefinitionOf(document),
    ending: endingDefinitionOf(document),
    start_page: document.start_page,
    // The editor edits the option's own price; a store's price (form-record.ts) stays the store's.
    // Such an option carries the store's price apart (store_price), for the editor to show read-only.
    fields: fields.map((field) => ({
      ...field,
      options: field.options.map(({ price_currency, ...option }) => (price_currency
        ? { ...option, price: null, store_price: option.price ?? null, store_currency: price_currency }
        : option)),
    })),
    blocks,
  };
}
