/**
 * Options in display order, grouped by optgroup: ungrouped options first (in their own
 * group with `optgroup: null`), then each optgroup in its `index` order.
 */
import type { FormOptgroup, FormOption } from "@fieldwork/core";

export interface OptionGroup {
  optgroup: FormOptgroup | null;
  options: FormOption[];
}

const byIndex = (a: { index: number }, b: { index: number }) => a.index - b.index;

export function groupOptions(options: readonly FormOption[], optgroups: readonly FormOptgroup[]): OptionGroup[] {
  const known = new Map(optgroups.map((g) => [g.id, g]));
  const sorted = options.slice().sort(byIndex);
  const loose = sorted.filter((o) => o.optgroup_id === null || !known.has(o.optgroup_id));
  const groups: OptionGroup[] = loose.length > 0 ? [{ optgroup: null, options: loose }] : [];
  for (const optgroup of optgroups.slice().sort(byIndex)) {
    const members = sorted.filter((o) => o.optgroup_id === optgroup.id);
    if (members.length > 0) groups.push({ optgroup, options: members });
  }
  return groups;
}

export const optionLabel = (option: Pick<FormOption, "label" | "value">): string => option.label ?? option.value;
