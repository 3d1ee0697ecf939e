/** @jsxRuntime automatic */
/**
 * The View options menu (spec 3 §2): layout, hiding records with empty data, masking,
 * date format and zone (Scheduling Time only when the form has a scheduling zone), the
 * columns shown, and Open Simulator.
 */
import { DATE_FORMAT_LABELS, DATE_FORMATS, DATE_TIMEZONE_LABELS, DATE_TIMEZONES, type DataColumn, type DateTimezone } from "@fieldwork/core";
import { ExternalLink, SlidersHorizontal } from "lucide-react";
import { buttonClass } from "../../../ui/button";
import { Popover } from "../../../ui/popover";
import { LAYOUT_LABELS, LAYOUTS, type GridPreferences } from "./grid-prefs";

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid gap-1 border-t border-line pt-2 first:border-t-0 first:pt-0">
      <legend className="mb-1 text-xs font-medium text-faint">{title}</legend>
      {children}
    </fieldset>
  );
}

const choiceClass = "flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 text-sm text-fg hover:bg-subtle";

export function ViewOptions({ prefs, onChange, columns, schedulingTz, simulatorHref }: {
  prefs: GridPreferences;
  onChange: (patch: Partial<GridPreferences>) => void;
  columns: DataColumn[];
  schedulingTz: string | null;
  simulatorHref: string | null;
}) {
  const zones = DATE_TIMEZONES.filter((z: DateTimezone) => z !== "scheduling" || schedulingTz);
  const hidden = new Set(prefs.hidden_columns);
  const radio = <K extends "layout" | "date_format" | "date_timezone">(key: K, values: readonly GridPreferences[K][], labels: Record<GridPreferences[K], string>) =>
    values.map((value) => (
      <label key={value} className={choiceClass}>
        <input type="radio" name={key} checked={prefs[key] === value} onChange={() => onChange({ [key]: value } as Partial<GridPreferences>)} />
        {labels[value]}{key === "date_timezone" && value === "scheduling" && schedulingTz ? <span className="text-xs text-muted">({schedulingTz})</span> : null}
      </label>
    ));
  return (
    <Popover
      title="View options"
      align="end"
      buttonClassName={buttonClass({ variant: "ghost", size: "sm" })}
      label="View"
      button={<><SlidersHorizontal aria-hidden="true" /><span className="hidden sm:inline">View</span></>}
      panelClassName="w-72 max-h-[70vh] overflow-y-auto"
    >
      <div className="grid gap-3">
        <Group title="Layout & Design (beta)">{radio("layout", LAYOUTS, LAYOUT_LABELS)}</Group>
        <Group title="Records">
          <label className={choiceClass}>
            <input type="checkbox" checked={prefs.empty_data_hidden} onChange={(e) => onChange({ empty_data_hidden: e.target.checked })} />
            Hide records with empty data
          </label>
          <label className={choiceClass}>
            <input type="checkbox" checked={prefs.masking_enabled} onChange={(e) => onChange({ masking_enabled: e.target.checked })} />
            Mask data (locally)
          </label>
        </Group>
        <Group title="Date Format">{radio("date_format", DATE_FORMATS, DATE_FORMAT_LABELS)}</Group>
        <Group title="Date Timezone">{radio("date_timezone", zones, DATE_TIMEZONE_LABELS)}</Group>
        <Group title="Columns">
          {columns.filter((c) => !c.key).map((c) => (
            <label key={c.name} className={choiceClass}>
              <input
                type="checkbox"
                checked={!hidden.has(c.name)}
                onChange={(e) => onChange({ hidden_columns: e.target.checked ? prefs.hidden_columns.filter((n) => n !== c.name) : [...prefs.hidden_columns, c.name] })}
              />
              <span className="truncate">{c.label}</span>
            </label>
          ))}
        </Group>
        <Group title="Testing">
          {simulatorHref ? (
            <a href={simulatorHref} target="_blank" rel="noopener" className={choiceClass}>Open Simulator <ExternalLink aria-hidden="true" className="size-3.5 text-faint" /></a>
          ) : (
            <span className="px-1 text-sm text-faint" title="Open the responses or sessions table first.">Open Simulator</span>
          )}
        </Group>
      </div>
    </Popover>
  );
}
