/**
 * Which column indexes a read would use: the kind follows the operator (a btree for
 * eq / in / lt / gt and for a sort, a trigram GIN for like / ilike, a GIN for cs / cd / ov),
 * limited to the kinds the column may have (`indexKindsFor`: no trigram on a choice column,
 * no btree on long text). Negated filters and `is` use none; system columns have their own.
 *
 *     wantedIndexes(fields, { where: [age=gt.30, name=ilike.*ad*], order: [born.desc] })
 *     // → [{ column: "age", kind: "btree" }, { column: "name", kind: "trgm" }, { column: "born", kind: "btree" }]
 */
import type { Condition, FilterOperator, FormField, ReadQuery } from "@fieldwork/core";
import { indexKindsFor, type IndexKind } from "../tables/table-indexes";

export interface WantedIndex { column: string; kind: IndexKind }

const KIND_OF: Partial<Record<FilterOperator, IndexKind>> = {
  eq: "btree", gt: "btree", gte: "btree", lt: "btree", lte: "btree", in: "btree",
  like: "trgm", ilike: "trgm",
  cs: "gin", cd: "gin", ov: "gin",
};

function* filterWants(conditions: readonly Condition[]): Generator<WantedIndex> {
  for (const condition of conditions) {
    if (condition.kind === "group") {
      if (!condition.negate) yield* filterWants(condition.children);
      continue;
    }
    const kind = KIND_OF[condition.op];
    if (kind && !condition.negate) yield { column: condition.column, kind };
  }
}

export function wantedIndexes(fields: readonly FormField[], query: Pick<ReadQuery, "where" | "order">): WantedIndex[] {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const seen = new Set<string>();
  const wants: WantedIndex[] = [];
  const candidates = [...filterWants(query.where), ...query.order.map((t) => ({ column: t.column, kind: "btree" as const }))];
  for (const want of candidates) {
    const field = byName.get(want.column);
    const key = `${want.column}\u0000${want.kind}`;
    if (!field || seen.has(key) || !indexKindsFor(field).includes(want.kind)) continue;
    seen.add(key);
    wants.push(want);
  }
  return wants;
}
