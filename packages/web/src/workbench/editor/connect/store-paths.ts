/** The store pages' addresses beside the editor's current one (`…/{document_id}/{suffix}`). */
export type StoreSuffix = "connect/store" | "connect/store/get-started" | "connect/store/products";

export function storePath(pathname: string, document_id: string, suffix: StoreSuffix): string {
  const parts = pathname.split("/");
  const at = parts.indexOf(document_id);
  return `${(at >= 0 ? parts.slice(0, at + 1) : [pathname.replace(/\/$/, "")]).join("/")}/${suffix}`;
}

/** Currencies offered first when a store is set up (any ISO 4217 code can be typed). */
export const COMMON_CURRENCIES = ["USD", "EUR", "GBP", "JPY", "KRW", "CAD", "AUD", "CHF", "SEK", "INR", "BRL", "MXN"] as const;
