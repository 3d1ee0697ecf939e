/**
 * New blocks (spec 2 §4 "New"), placed by core's `placeNewBlock` after the focused block so
 * the optimistic editor and the server agree: any block but a field block, and a field
 * block showing a field no block shows.
 */
import {
  availableFieldIds, FieldworkError, placeNewBlock, type BlockCreate, type BlockType, type FieldBlockCreate,
} from "@fieldwork/core";
import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import type { DB } from "../../db/schema";
import { sanitizeOwnerHtml as clean } from "../owner-html";
import { assertDepth, assertRoomForBlock, blockOf, formPageId, loadBlockRefs, writePlaces } from "./block-store";
import { fieldOfForm, writeForm } from "./revision";

type BlockContent = Partial<{ title_html: string | null; description_html: string | null; body_html: string | null; src: string | null; attributes: string | null; form_field_id: string }>;

/** Inserts a block where `placeNewBlock` puts it, renumbering its new siblings. */
export async function insertPlacedBlock(
  trx: Transaction<DB>, formId: string, type: BlockType, focusId: string | null, content: BlockContent,
): Promise<string> {
  const blocks = await loadBlockRefs(trx, formId);
  blockOf(blocks, focusId);
  assertRoomForBlock(blocks);
  const id = crypto.randomUUID();
  const [own, ...others] = placeNewBlock(blocks, id, type, focusId);
  assertDepth(blocks, id, own!.parent_id);
  await trx.insertInto("form_block").values({
    id, form_id: formId, form_page_id: await formPageId(trx, formId), type,
    parent_id: own!.parent_id, local_index: own!.local_index, ...content,
  }).execute();
  await writePlaces(trx, formId, others);
  return id;
}

export async function createBlock(db: Kysely<DB>, formId: string, body: z.output<typeof BlockCreate>) {
  return writeForm(db, formId, body.revision, async (trx) => {
    const block_id = await insertPlacedBlock(trx, formId, body.type, body.focus_block_id, {
      title_html: clean(body.title_html), description_html: clean(body.description_html),
      body_html: clean(body.body_html), src: body.src,
      ...(body.type === "section" ? { attributes: JSON.stringify({ contains_payment: false }) } : {}),
    });
    return { block_id };
  });
}

export async function createFieldBlock(db: Kysely<DB>, formId: string, body: z.output<typeof FieldBlockCreate>) {
  return writeForm(db, formId, body.revision, async (trx) => {
    await fieldOfForm(trx, formId, body.field_id);
    const blocks = await loadBlockRefs(trx, formId);
    if (!availableFieldIds([body.field_id], blocks).length) throw new FieldworkError("FIELD_ALREADY_PLACED");
    const block_id = await insertPlacedBlock(trx, formId, "field", body.focus_block_id, { form_field_id: body.field_id });
    return { block_id };
  });
}
