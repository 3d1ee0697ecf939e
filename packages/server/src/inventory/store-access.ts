/**
 * Who may read or change a store: a member of its project, viewers read and editors write
 * (spec 3 §6). A store the caller cannot see answers exactly as one that does not exist
 * (`404 STORE_NOT_FOUND`), so ids of other projects' stores leak nothing.
 */
import { FieldworkError, roleAtLeast, type Role } from "@fieldwork/core";
import type { Kysely } from "kysely";
import { roleInProject, type Caller } from "../auth/access";
import type { DB } from "../db/schema";
import { isUuid } from "../forms/form-record";

export interface StoreRow { id: string; project_id: string; name: string; currency: string }

export async function requireStoreRole(db: Kysely<DB>, caller: Caller, storeId: string, min: Role): Promise<StoreRow> {
  const store = isUuid(storeId)
    ? await db.selectFrom("store").select(["id", "project_id", "name", "currency"]).where("id", "=", storeId).executeTakeFirst()
    : undefined;
  const role = store ? await roleInProject(db, caller, store.project_id) : null;
  if (!store || role === null) throw new FieldworkError("STORE_NOT_FOUND");
  if (!roleAtLeast(role, min)) throw new FieldworkError("FORBIDDEN", `This needs the ${min} role; you are ${role === "viewer" ? "a" : "an"} ${role}.`);
  return store;
}
