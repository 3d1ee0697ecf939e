/**
 * The connected-table grid's filters as PostgREST parameters: each one `column=op.value`,
 * and-ed; `ilike` wraps the value in `*…*`, `is` takes null/true/false. Pure, so the grid
 * and its tests build the same query the Data API reads.
 */
export type GridFilterOp = "eq" | "neq" | "gt" | "lt" | "ilike" | "is";

export interface GridFilter { column: string; op: GridFilterOp; value: string }

export const GRID_FILTER_LABELS: Record<GridFilterOp, string> = {
  eq: "equals", neq: "is not", gt: "greater than", lt: "less than", ilike: "contains", is: "is (null, true, false)",
};

export function filterParams(filters: readonly GridFilter[], params = new URLSearchParams()): URLSearchParams {
  for (const { column, op, value } of filters) {
    if (op === "is") params.append(column, `is.${["null", "true", "false"].includes(value) ? value : "null"}`);
    else if (op === "ilike") params.append(column, `ilike.*${value.replace(/[*%]/g, "")}*`);
    else params.append(column, `${op}.${value}`);
  }
  return params;
}
