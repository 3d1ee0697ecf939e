/**
 * Messages to the embedding page (spec 1 §7): nothing happens unless the form runs in a
 * frame; then embed-bridge.ts (its own chunk, off the first load) posts them, in order.
 */
import type { EmbedEventData, EmbedEventType } from "@fieldwork/core";

type Bridge = typeof import("./embed-bridge");
let bridge: Promise<Bridge> | undefined;
let loaded: Bridge | undefined;

export function notifyParent<T extends EmbedEventType>(type: T, form_id: string, data: EmbedEventData[T]): void {
  if (typeof window === "undefined" || window.parent === window) return;
  if (loaded) return loaded.post(type, form_id, data);
  (bridge ??= import("./embed-bridge")).then((module) => (loaded = module).post(type, form_id, data), () => undefined);
}
