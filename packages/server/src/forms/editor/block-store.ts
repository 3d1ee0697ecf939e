/**
 * The blocks of one form as the pure operations of core (`core/editor/block-ops.ts`) see
 * them, and the writes that store their answers: places (parent and index) and removals.
 */
import {
  FieldworkError, LIMITS, subtreeIds, type BlockOpError, type BlockPlace, type BlockRef,
} from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";

export async function loadBlockRefs(trx: Kysely<DB>, formId: string): Promise<BlockRef[]> {
  return trx.selectFrom("form_block").select(["id", "type", "parent_id", "local_index", "form_field_id"])
    .where("form_id", "=", formId).orderBy("local_index").execute();
}

export async function formPageId(trx: Kysely<DB>, formId: string): Promise<string> {
  const page = await trx.selectFrom("form_document").select("id").where("form_id", "=", formId).executeTakeFirst();
  if (!page) throw new FieldworkError("FORM_NOT_FOUND");
  return page.id;
}

/** A block op's refusal as the catalogue error. */
export function unwrap<T extends object>(result: T | BlockOpError): T {
  if (typeof result === "string") throw new FieldworkError(result as BlockOpError);
  return result;
}

export function blockOf(blocks: readonly BlockRef[], id: string | null): BlockRef | null {
  if (id === null) return null;
  const block = blocks.find((b) => b.id === id);
  if (!block) throw new FieldworkError("BLOCK_NOT_FOUND");
  return block;
}

export async function writePlaces(trx: Kysely<DB>, formId: string, places: readonly BlockPlace[]): Promise<void> {
  for (const p of places) {
    await trx.updateTable("form_block").set({ parent_id: p.parent_id, local_index: p.local_index })
      .where("id", "=", p.id).where("form_id", "=", formId).execute();
  }
}

export async function removeBlocks(trx: Kysely<DB>, formId: string, ids: readonly string[]): Promise<void> {
  if (ids.length) await trx.deleteFrom("form_block").where("form_id", "=", formId).where("id", "in", [...ids]).execute();
}

const tooDeep = () => new FieldworkError("INVALID_FORM_DEFINITION", `Blocks nest at most ${LIMITS.block_depth} levels deep.`);

/** One more block fits the form. */
export function assertRoomForBlock(blocks: readonly BlockRef[]): void {
  if (blocks.length + 1 > LIMITS.blocks_per_form) {
    throw new FieldworkError("INVALID_FORM_DEFINITION", `A form has at most ${LIMITS.blocks_per_form} blocks.`);
  }
}

/** Levels above a block (a top-level block is at depth 0). */
function depthOf(blocks: readonly BlockRef[], parentId: string | null): number {
  const byId = new Map(blocks.map((b) => [b.id, b]));
  let depth = 0;
  for (let p = parentId; p; p = byId.get(p)?.parent_id ?? null) depth++;
  return depth;
}

/** A block (with what it holds) placed under `parentId` nests at most `LIMITS.block_depth` levels deep. */
export function assertDepth(blocks: readonly BlockRef[], id: string, parentId: string | null): void {
  const parentOf = new Map(blocks.map((b) => [b.id, b.parent_id]));
  const level = (blockId: string) => depthOf(blocks, parentOf.get(blockId) ?? null);
  let height = 0;
  if (parentOf.has(id)) for (const inner of subtreeIds(blocks, id)) height = Math.max(height, level(inner) - level(id));
  if (depthOf(blocks, parentId) + height >= LIMITS.block_depth) throw tooDeep();
}
