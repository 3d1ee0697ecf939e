/**
 * Which slide comes next in a carousel: one step forward or back, looping round when `loop`
 * is set (spec 3 §4: template 005's carousel loops), else stopping at the ends. Shared by the
 * React carousel (carousel.tsx) and the cover's script-only one (cover-runtime.ts).
 */
export function slideAfter(index: number, count: number, step: 1 | -1, loop: boolean): number {
  if (count <= 0) return 0;
  const next = index + step;
  if (next >= count) return loop ? 0 : count - 1;
  if (next < 0) return loop ? count - 1 : 0;
  return next;
}

/** Whether the Previous or Next control has anywhere to go. */
export const canStep = (index: number, count: number, step: 1 | -1, loop: boolean): boolean =>
  count > 1 && (loop || (step === 1 ? index < count - 1 : index > 0));
