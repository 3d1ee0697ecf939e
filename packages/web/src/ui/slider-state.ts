/** A slider's value rules (spec 1 §2.3): snapped to `step` from `min`, kept within `min`..`max`. */
export interface SliderRange { min: number; max: number; step: number }

export function snap(value: number, { min, max, step }: SliderRange): number {
  if (!Number.isFinite(value)) return min;
  const steps = Math.round((Math.min(max, Math.max(min, value)) - min) / step);
  // Rounded to the step's decimals: 0.1 + 0.2 is shown as 0.3.
  const decimals = (String(step).split(".")[1] ?? "").length;
  return Math.min(max, Number((min + steps * step).toFixed(decimals)));
}

/** The value a key moves to, as the ARIA slider pattern has it; null for other keys. */
export function valueForKey(key: string, value: number, range: SliderRange): number | null {
  const big = Math.max(range.step, (range.max - range.min) / 10);
  switch (key) {
    case "ArrowRight": case "ArrowUp": return snap(value + range.step, range);
    case "ArrowLeft": case "ArrowDown": return snap(value - range.step, range);
    case "PageUp": return snap(value + big, range);
    case "PageDown": return snap(value - big, range);
    case "Home": return range.min;
    case "End": return snap(range.max, range);
    default: return null;
  }
}

/** The value at a point `fraction` (0..1) of the way along the track. */
export const valueAtFraction = (fraction: number, range: SliderRange): number =>
  snap(range.min + Math.min(1, Math.max(0, fraction)) * (range.max - range.min), range);

/** Where `value` sits along the track, 0..100 (%). */
export const percentOf = (value: number, { min, max }: SliderRange): number => (max === min ? 0 : ((value - min) / (max - min)) * 100);
