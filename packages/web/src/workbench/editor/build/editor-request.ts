/**
 * The writes of the form editor as data, and what each does to the document. The same
 * function gives the optimistic working document and the confirmed server document, and
 * the block placements come from core's block-ops, which the server uses too, so an
 * optimistic block lands where the server will put it.
 *
 * Ids in a request are local: a block or field created here carries an id made in the
 * browser until the server answers with its own (`IdMap`), and a recreated one (undo of a
 * delete) reuses its old id, which then maps to the new one.
 */
import {
  applyPlaces, deleteBlock, moveBlock, placeNewBlock,
  type EditorDocument, type FieldDefinition, type FormBlock, type FormField, type JsonValue, type SettingsCall, type StartPage,
} from "@fieldwork/core";

export type BlockContent = Partial<Pick<FormBlock, "title_html" | "description_html" | "body_html" | "src">>;
/** `v_hidden`: true (always hidden), null (shown) or an expression hiding it while truthy. */
export type BlockPatch = BlockContent & { v_hidden?: true | null | string; contains_payment?: boolean };
export type CreatableBlockType = Exclude<FormBlock["type"], "field">;
export type ThemePatch = Partial<EditorDocument["theme"]>;
export type EndingPatch = Partial<EditorDocument["ending"]>;
export type SettingsValues = Record<string, JsonValue>;

export type EditorRequest =
  | { kind: "create-field"; field_id: string; block_id: string; field: FieldDefinition; focus_block_id: string | null }
  | { kind: "update-field"; field_id: string; field: FieldDefinition }
  | { kind: "delete-field"; field_id: string }
  | { kind: "create-block"; block_id: string; type: CreatableBlockType; focus_block_id: string | null; content: BlockContent }
  | { kind: "create-field-block"; block_id: string; field_id: string; focus_block_id: string | null }
  | { kind: "update-block"; block_id: string; patch: BlockPatch }
  | { kind: "delete-block"; block_id: string }
  | { kind: "sort-block"; block_id: string; to_index: number }
  | { kind: "theme"; theme: ThemePatch }
  | { kind: "ending"; ending: EndingPatch }
  | { kind: "start-page"; start_page: StartPage | null }
  | { kind: "settings"; name: SettingsCall; values: SettingsValues };

/** Local id → the server's id, filled as creates are answered. */
export type IdMap = Readonly<Record<string, string>>;

export function resolveId(ids: IdMap, id: string): string;
export function resolveId(ids: IdMap, id: string | null): string | null;
export function resolveId(ids: IdMap, id: string | null): string | null {
  let current = id;
  for (let hops = 0; current !== null && ids[current] && ids[current] !== current && hops < 100; hops++) current = ids[current]!;
  return current;
}

/** The request with every local id replaced by the server's. */
export function resolveRequest(request: EditorRequest, ids: IdMap): EditorRequest {
  const r = (id: string) => resolveId(ids, id);
  switch (request.kind) {
    case "create-field": return { ...request, focus_block_id: resolveId(ids, request.focus_block_id) };
    case "create-block": return { ...request, focus_block_id: resolveId(ids, request.focus_block_id) };
    case "create-field-block": return { ...request, field_id: r(request.field_id), focus_block_id: resolveId(ids, request.focus_block_id) };
    case "update-field": case "delete-field": return { ...request, field_id: r(request.field_id) };
    case "update-block": case "delete-block": case "sort-block": return { ...request, block_id: r(request.block_id) };
    default: return request;
  }
}

/** A field as its definition (what `FieldCreate` and `FieldUpdate` take). */
export function definitionOf(field: FormField): FieldDefinition {
  const groups = new Map(field.optgroups.map((g) => [g.id, g.label]));
  const { id: _id, options, optgroups, ...rest } = field;
  return {
    ...rest,
    min: rest.min,
    max: rest.max,
    options: [...options].sort((a, b) => a.index - b.index).map((o) => ({
      value: o.value, label: o.label, src: o.src, disabled: o.disabled, group: o.optgroup_id ? groups.get(o.optgroup_id) ?? null : null,
      // The option's own price (minor units); null for none or for a store product's (the server keeps it).
      ...(o.price !== undefined ? { price: o.price } : {}),
    })),
    optgroups: [...optgroups].sort((a, b) => a.index - b.index).map((g) => ({ label: g.label, disabled: g.disabled })),
  } as FieldDefinition;
}

const storePriceOf = (option: FormField["options"][number] | undefined) =>
  (option?.store_currency ? { store_price: option.store_price ?? null, store_currency: option.store_currency } : {});

/** A definition as the field the form renders; options keep their ids where the value stays. */
export function fieldFrom(id: string, def: FieldDefinition, previous?: FormField): FormField {
  const groupIds = new Map(def.optgroups.map((g, i) => [g.label, previous?.optgroups.find((p) => p.label === g.label)?.id ?? `${id}-g${i}`]));
  return {
    ...def,
    id,
    min: def.min ?? null,
    max: def.max ?? null,
    optgroups: def.optgroups.map((g, index) => ({ id: groupIds.get(g.label)!, label: g.label, disabled: g.disabled, index })),
    options: def.options.map((o, index) => ({
      id: previous?.options.find((p) => p.value === o.value)?.id ?? `${id}-o${index}`,
      value: o.value, label: o.label, src: o.src, disabled: o.disabled, index,
      optgroup_id: o.group ? groupIds.get(o.group) ?? null : null,
      ...(o.price !== undefined ? { price: o.price } : {}),
      // A product-linked option keeps showing the store's price after a save.
      ...storePriceOf(previous?.options.find((p) => p.value === o.value)),
    })),
  } as FormField;
}

function newBlock(doc: EditorDocument, id: string, type: FormBlock["type"], extra: Partial<FormBlock>): FormBlock {
  return {
    id, form_id: doc.form_id, form_page_id: doc.blocks[0]?.form_page_id ?? doc.form_id, parent_id: null, type, local_index: 0,
    form_field_id: null, v_hidden: null, attributes: null, body_html: null, title_html: null, description_html: null, src: null, data: null,
    ...extra,
  };
}

function insertBlock(doc: EditorDocument, block: FormBlock, focus: string | null): FormBlock[] {
  const places = placeNewBlock(doc.blocks, block.id, block.type, focus && doc.blocks.some((b) => b.id === focus) ? focus : null);
  return applyPlaces([...doc.blocks, block], places);
}

const SETTINGS_KEYS: Record<SettingsCall, (doc: EditorDocument, v: SettingsValues) => EditorDocument> = {
  "redirect-uri": (doc, v) => ({ ...doc, ending: { ...doc.ending, redirect_uri: v.redirect_uri as string | null } }),
  "force-close-form": (doc, v) => ({ ...doc, settings: { ...doc.settings, is_force_closed: v.is_force_closed as boolean } }),
  "max-responses-by-customer": (doc, v) => ({ ...doc, settings: { ...doc.settings, max_form_responses_by_customer: v.max_form_responses_by_customer as number | null } }),
  "max-responses-in-total": (doc, v) => ({ ...doc, settings: { ...doc.settings, max_form_responses_in_total: v.max_form_responses_in_total as number | null } }),
  "form-schedule": (doc, v) => ({ ...doc, settings: { ...doc.settings, scheduling: { ...doc.settings.scheduling, ...(v as Partial<EditorDocument["settings"]["scheduling"]>) } } }),
  "form-method": (doc) => ({ ...doc, settings: { ...doc.settings, method: "post" } }),
  "unknown-fields": (doc, v) => ({ ...doc, settings: { ...doc.settings, unknown_field_handling_strategy: v.strategy as "ignore" | "accept" | "reject" } }),
};

/** The settings values a call would write back to undo it. */
export function settingsValuesOf(doc: EditorDocument, name: SettingsCall): SettingsValues {
  const s = doc.settings;
  switch (name) {
    case "redirect-uri": return { redirect_uri: doc.ending.redirect_uri };
    case "force-close-form": return { is_force_closed: s.is_force_closed };
    case "max-responses-by-customer": return { max_form_responses_by_customer: s.max_form_responses_by_customer };
    case "max-responses-in-total": return { max_form_responses_in_total: s.max_form_responses_in_total };
    case "form-schedule": return { ...s.scheduling };
    case "form-method": return { method: s.method };
    case "unknown-fields": return { strategy: s.unknown_field_handling_strategy };
  }
}

/** What a request does to the document (optimistically, or once the server confirmed it). */
export function applyRequest(doc: EditorDocument, request: EditorRequest): EditorDocument {
  switch (request.kind) {
    case "create-field": {
      const block = newBlock(doc, request.block_id, "field", { form_field_id: request.field_id });
      return { ...doc, fields: [...doc.fields, fieldFrom(request.field_id, request.field)], blocks: insertBlock(doc, block, request.focus_block_id) };
    }
    case "update-field":
      return { ...doc, fields: doc.fields.map((f) => (f.id === request.field_id ? fieldFrom(f.id, request.field, f) : f)) };
    case "delete-field": {
      // The server drops the blocks that show the field with it (forms/editor/field-delete.ts).
      let blocks = doc.blocks;
      for (const shown of doc.blocks.filter((b) => b.form_field_id === request.field_id)) {
        const result = deleteBlock(blocks, shown.id);
        if (typeof result === "string") continue;
        const removed = new Set(result.removed);
        blocks = applyPlaces(blocks.filter((b) => !removed.has(b.id)), result.places);
      }
      return { ...doc, fields: doc.fields.filter((f) => f.id !== request.field_id), blocks };
    }
    case "create-block": {
      const block = newBlock(doc, request.block_id, request.type, { ...request.content });
      return { ...doc, blocks: insertBlock(doc, block, request.focus_block_id) };
    }
    case "create-field-block": {
      const block = newBlock(doc, request.block_id, "field", { form_field_id: request.field_id });
      return { ...doc, blocks: insertBlock(doc, block, request.focus_block_id) };
    }
    case "update-block":
      return {
        ...doc,
        blocks: doc.blocks.map((b) => {
          if (b.id !== request.block_id) return b;
          const { contains_payment, ...rest } = request.patch;
          const next = { ...b, ...rest };
          return contains_payment === undefined ? next : { ...next, attributes: { ...b.attributes, contains_payment } };
        }),
      };
    case "delete-block": {
      const result = deleteBlock(doc.blocks, request.block_id);
      if (typeof result === "string") return doc;
      const removed = new Set(result.removed);
      return { ...doc, blocks: applyPlaces(doc.blocks.filter((b) => !removed.has(b.id)), result.places) };
    }
    case "sort-block": {
      const places = moveBlock(doc.blocks, request.block_id, request.to_index);
      return typeof places === "string" ? doc : { ...doc, blocks: applyPlaces(doc.blocks, places) };
    }
    case "theme":
      return { ...doc, theme: { ...doc.theme, ...request.theme } };
    case "ending":
      return { ...doc, ending: { ...doc.ending, ...request.ending } };
    case "start-page":
      return { ...doc, start_page: request.start_page };
    case "settings":
      return SETTINGS_KEYS[request.name](doc, request.values);
  }
}

/** Replaces local ids in a document with the server's (a confirmed create). */
export function renameIds(doc: EditorDocument, ids: IdMap): EditorDocument {
  const r = (id: string | null) => resolveId(ids, id);
  return {
    ...doc,
    fields: doc.fields.map((f) => (ids[f.id] ? { ...f, id: r(f.id)! } : f)),
    blocks: doc.blocks.map((b) => ({ ...b, id: r(b.id)!, parent_id: r(b.parent_id), form_field_id: r(b.form_field_id) })),
  };
}
