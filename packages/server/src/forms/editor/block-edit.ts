/**
 * Changing, deleting and sorting blocks (spec 2 §4). Deleting removes the block and what it
 * holds, their fields stay (free to be placed again); sorting follows core's `moveBlock`.
 */
import { deleteBlock, FieldworkError, moveBlock, type BlockSort, type BlockUpdate } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { DB } from "../../db/schema";
import { sanitizeOwnerHtml as clean } from "../owner-html";
import { assertDepth, blockOf, loadBlockRefs, removeBlocks, unwrap, writePlaces } from "./block-store";
import { isUuid } from "../form-record";
import { assertHiddenExpression } from "./field-checks";
import { writeForm } from "./revision";

export async function updateBlock(db: Kysely<DB>, formId: string, blockId: string, body: z.output<typeof BlockUpdate>) {
  return writeForm(db, formId, body.revision, async (trx) => {
    const block = isUuid(blockId)
      ? await trx.selectFrom("form_block").select(["id", "type", "attributes"]).where("id", "=", blockId).where("form_id", "=", formId).executeTakeFirst()
      : undefined;
    if (!block) throw new FieldworkError("BLOCK_NOT_FOUND");
    if (body.v_hidden !== undefined) await assertHiddenExpression(trx, formId, body.v_hidden);
    const html = (value: string | null | undefined) => (value === undefined ? undefined : clean(value));
    const attributes = body.contains_payment === undefined ? undefined
      : JSON.stringify({ ...(block.attributes as object | null ?? {}), contains_payment: body.contains_payment });
    const set = {
      title_html: html(body.title_html), description_html: html(body.description_html), body_html: html(body.body_html),
      src: body.src, attributes,
      v_hidden: body.v_hidden === undefined ? undefined : body.v_hidden === null ? null : JSON.stringify(body.v_hidden),
    };
    const changes = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
    if (Object.keys(changes).length) await trx.updateTable("form_block").set(changes).where("id", "=", block.id).execute();
    return {};
  });
}

export async function removeBlock(db: Kysely<DB>, formId: string, blockId: string, revision: number) {
  return writeForm(db, formId, revision, async (trx) => {
    const { removed, places } = unwrap(deleteBlock(await loadBlockRefs(trx, formId), blockId));
    await removeBlocks(trx, formId, removed);
    await writePlaces(trx, formId, places);
    return {};
  });
}

export async function sortBlock(db: Kysely<DB>, formId: string, body: z.output<typeof BlockSort>) {
  return writeForm(db, formId, body.revision, async (trx) => {
    const blocks = await loadBlockRefs(trx, formId);
    blockOf(blocks, body.block_id);
    const places = unwrap(moveBlock(blocks, body.block_id, body.to_index));
    const own = places.find((p) => p.id === body.block_id);
    if (own) assertDepth(blocks, body.block_id, own.parent_id);
    await writePlaces(trx, formId, places);
    return {};
  });
}
