/** @jsxRuntime automatic */
/** A level's stock state (core's `stockState`) as a small badge: in stock, low stock, sold out. */
import { STOCK_STATE_LABEL, type StockState } from "@fieldwork/core";
import { Badge } from "../../../ui/badge";

const TONE: Record<StockState, string> = {
  in_stock: "border-line text-success",
  low_stock: "border-warning/40 bg-warning-soft text-warning",
  sold_out: "border-danger/40 bg-danger-soft text-danger",
};

export function StockBadge({ state }: { state: StockState }) {
  return <Badge className={TONE[state]}>{STOCK_STATE_LABEL[state]}</Badge>;
}
