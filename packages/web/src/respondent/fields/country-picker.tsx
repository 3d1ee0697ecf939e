/** @jsxRuntime automatic */
/**
 * The country field (a lazy chunk, widget-field.tsx): a `<select>` of every ISO 3166-1
 * country (core's list, from `country-list`) named in the form's language, which is what the
 * page posts with or without JavaScript. Once the page runs, a search box above it narrows
 * the list as you type (spec 1 §2.3: 'No country found.' when nothing matches) and picks the
 * first match.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { countryOptions } from "@fieldwork/core/countries";
import type { WidgetProps } from "./widget-props";

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

export default function CountryPicker({ field, dom_id, prefill, required, aria, text, lang, control }: WidgetProps) {
  const countries = useMemo(() => countryOptions(lang), [lang]);
  const [interactive, setInteractive] = useState(false);
  const [query, setQuery] = useState("");
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => setInteractive(true), []);
  const q = fold(query.trim());
  const matches = q === "" ? countries : countries.filter((c) => fold(c.name).includes(q) || c.code.toLowerCase() === q);
  const initial = typeof prefill === "string" ? prefill.toUpperCase() : "";
  const searchId = `${dom_id}-search`;
  const noneId = `${dom_id}-none`;

  return (
    <div className="space-y-2">
      {interactive && !field.readonly ? (
        <input
          id={searchId} type="search" value={query} aria-label={text("field.country_search")} placeholder={text("field.country_search")}
          aria-controls={dom_id} aria-describedby={matches.length === 0 ? noneId : undefined} autoComplete="off"
          onChange={(e) => {
            const next = e.currentTarget.value;
            setQuery(next);
            const f = fold(next.trim());
            const first = countries.find((c) => fold(c.name).includes(f) || c.code.toLowerCase() === f);
            const el = select.current;
            if (el && f !== "" && first && !countries.some((c) => c.code === el.value && fold(c.name).includes(f))) {
              el.value = first.code;
              el.dispatchEvent(new Event("change", { bubbles: true }));
            }
          }}
          className={control}
        />
      ) : null}
      {matches.length === 0 ? (
        <p id={noneId} role="status" className="text-sm text-muted">{text("field.country_none")}</p>
      ) : null}
      <select
        ref={select} id={dom_id} name={field.name} defaultValue={initial} required={required} disabled={field.readonly || undefined} {...aria}
        className={`${control} cursor-pointer`}
      >
        <option value="">{field.placeholder ?? text("field.country_placeholder")}</option>
        {countries.map((c) => (
          <option key={c.code} value={c.code} hidden={!matches.includes(c) || undefined}>{c.name}</option>
        ))}
      </select>
    </div>
  );
}
