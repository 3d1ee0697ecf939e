/**
 * What the page shows of the rows it read, decided in the browser: records with empty data
 * hidden (the default), and a fuzzy find among them (fuse.js, threshold 0.3).
 */
import Fuse from "fuse.js";
import type { DataColumn } from "@fieldwork/core";
import type { Row } from "../../api/data-api";
import { displayValue, type DisplayOptions } from "./cell-value";

export const FUZZY_THRESHOLD = 0.3;

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)
  || (typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0);

/** A record holds no data when every non-system column (a session's answers) is empty. */
export function hasData(row: Row, columns: readonly DataColumn[]): boolean {
  const data = columns.filter((c) => !c.system);
  if (data.length === 0) return "answers" in row ? !isEmpty(row.answers) : true;
  return data.some((c) => !isEmpty(row[c.name]));
}

export function localRows(rows: Row[], columns: readonly DataColumn[], options: { hideEmpty: boolean; find: string; display: DisplayOptions }): Row[] {
  const kept = options.hideEmpty ? rows.filter((row) => hasData(row, columns)) : rows;
  const find = options.find.trim();
  if (find === "") return kept;
  const fuse = new Fuse(kept, {
    threshold: FUZZY_THRESHOLD,
    ignoreLocation: true,
    keys: columns.map((c) => c.name),
    getFn: (row, path) => displayValue(columns.find((c) => c.name === (Array.isArray(path) ? path[0] : path)) ?? { format: "text" }, (row as Row)[Array.isArray(path) ? path[0]! : path], { ...options.display, masked: false }),
  });
  return fuse.search(find).map((result) => result.item);
}
