/** @jsxRuntime automatic */
/**
 * The toggle-group, json and latlng widgets (a lazy chunk, widget-field.tsx). Each posts
 * through native inputs, so the page without JavaScript (the server's render of this same
 * code) answers too: toggle buttons are radios or checkboxes, the JSON editor a textarea
 * that shows the parser's complaint as you type, the location two number inputs to which
 * the browser adds a map (latlng-map.tsx, leaflet, loaded only when such a field shows).
 */
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { jsonSyntaxError } from "@fieldwork/core";
import type { WidgetProps } from "./widget-props";

const LatLngMap = lazy(() => import("./latlng-map"));

export default function AnswerWidget(props: WidgetProps) {
  if (props.field.type === "toggle-group") return <ToggleGroup {...props} />;
  if (props.field.type === "json") return <JsonEditor {...props} />;
  return <LatLngInput {...props} />;
}

const chosenOf = (prefill: WidgetProps["prefill"]): string[] =>
  prefill === undefined || prefill === null ? [] : (Array.isArray(prefill) ? prefill : [prefill]).flatMap((v) => (typeof v === "string" ? [v] : []));

/** Options as a row of toggle buttons: radios (one answer) or checkboxes (`multiple`). */
function ToggleGroup({ field, dom_id, prefill, required }: WidgetProps) {
  const type = field.multiple ? "checkbox" : "radio";
  const chosen = new Set(chosenOf(prefill));
  return (
    <div className="flex flex-wrap gap-2">
      {field.options.map((option) => (
        <label
          key={option.id}
          className={
            "inline-flex min-h-11 cursor-pointer items-center rounded-xl border border-line bg-field px-4 py-2 text-base text-fg " +
            "transition-colors duration-150 hover:border-line-strong has-checked:border-accent has-checked:bg-accent has-checked:text-accent-fg " +
            "has-focus-visible:ring-4 has-focus-visible:ring-accent-soft has-disabled:cursor-not-allowed has-disabled:opacity-50"
          }
        >
          <input
            id={`${dom_id}-${option.index}-${option.id}`} type={type} name={field.name} value={option.value}
            defaultChecked={chosen.has(option.value)} required={type === "radio" ? required : undefined}
            disabled={option.disabled || undefined} className="sr-only"
          />
          {option.label ?? option.value}
        </label>
      ))}
    </div>
  );
}

const jsonText = (prefill: WidgetProps["prefill"]): string | undefined =>
  prefill === undefined || prefill === null ? undefined : typeof prefill === "string" ? prefill : JSON.stringify(prefill, null, 2);

function JsonEditor({ field, dom_id, prefill, required, aria, text, control }: WidgetProps) {
  const [error, setError] = useState<string | undefined>(undefined);
  const errorId = `${dom_id}-json`;
  const describedBy = [aria["aria-describedby"], error ? errorId : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <>
      <textarea
        id={dom_id} name={field.name} rows={6} spellCheck={false} defaultValue={jsonText(prefill)} required={required}
        placeholder={field.placeholder ?? '{ "key": "value" }'} readOnly={field.readonly || undefined}
        aria-describedby={describedBy} aria-invalid={aria["aria-invalid"] ?? (error ? true : undefined)}
        onInput={(e) => {
          const problem = jsonSyntaxError(e.currentTarget.value);
          e.currentTarget.setCustomValidity(problem ? text("field.not_json") : "");
          setError(problem);
        }}
        className={`${control} min-h-32 resize-y font-mono text-sm leading-relaxed`}
      />
      {error ? (
        <p id={errorId} data-testid="json-error" className="mt-2 text-sm text-danger" aria-live="polite">
          {text("field.not_json")} {error}
        </p>
      ) : null}
    </>
  );
}

/** `{lat, lng}`, `"lat,lng"` or `[lat, lng]` as the two inputs' starting texts. */
function pointOf(prefill: WidgetProps["prefill"]): [string, string] {
  if (prefill && typeof prefill === "object" && !Array.isArray(prefill)) return [String(prefill.lat ?? ""), String(prefill.lng ?? "")];
  if (Array.isArray(prefill) && prefill.length === 2) return [String(prefill[0]), String(prefill[1])];
  if (typeof prefill === "string" && prefill.includes(",")) {
    const [lat = "", lng = ""] = prefill.split(",");
    return [lat.trim(), lng.trim()];
  }
  return ["", ""];
}

/**
 * Latitude then longitude, both posted under the field's name (core's parseLatLng reads the
 * pair). Once the page runs, a map above them sets both on a click; when its tiles fail
 * (no network, a blocked host) the map goes away and the inputs are all there is.
 */
function LatLngInput({ field, dom_id, prefill, required, aria, text, control }: WidgetProps) {
  const [start] = useState(() => pointOf(prefill));
  // The inputs keep their own values (a restored session writes them directly); the map follows them.
  const [point, setPoint] = useState(start);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const [map, setMap] = useState<"off" | "on" | "failed">("off");
  useEffect(() => setMap((m) => (m === "off" && !field.readonly ? "on" : m)), [field.readonly]);
  const read = () => setPoint([inputs.current[0]?.value ?? "", inputs.current[1]?.value ?? ""]);
  const input = (i: 0 | 1, label: string, limit: number) => (
    <label className="block min-w-0 flex-1 text-sm text-muted">
      {label}
      <input
        ref={(el) => { inputs.current[i] = el; }}
        id={i === 0 ? dom_id : `${dom_id}-lng`} type="number" name={field.name} step="any" min={-limit} max={limit}
        inputMode="decimal" defaultValue={start[i]} required={required} readOnly={field.readonly || undefined} {...aria}
        onInput={read}
        className={`${control} mt-1`}
      />
    </label>
  );
  const pick = (lat: string, lng: string) => {
    [lat, lng].forEach((value, i) => {
      const el = inputs.current[i];
      if (!el) return;
      el.value = value;
      el.dispatchEvent(new Event("input", { bubbles: true }));
    });
    setPoint([lat, lng]);
  };
  return (
    <div className="space-y-3">
      {map === "on" ? (
        <Suspense fallback={null}>
          <LatLngMap point={point} onPick={pick} onFail={() => setMap("failed")} />
        </Suspense>
      ) : null}
      <div className="flex gap-3">
        {input(0, text("field.latitude"), 90)}
        {input(1, text("field.longitude"), 180)}
      </div>
    </div>
  );
}
