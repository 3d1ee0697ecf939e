/** @jsxRuntime automatic */
/**
 * The country field (a lazy chunk, widget-field.tsx): a `<select>` of every ISO 3166-1
 * country (core's list, from `country-list`) named in the form's language, which is what the
 * page posts with or without JavaScript. Once the page runs, a search box above it narrows
 * the list as you type (spec 1 §2.3: 'No country found.' when nothing matches) and picks the
 * first match.
 *
 * The options are the select's inner HTML, not React children: the server's and the
 * browser's `Intl` name some countries differently (CLDR versions), and hydration keeps the
 * server's names instead of failing over them. The search reads the options from the page.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { countryOptions } from "@fieldwork/core/countries";
import type { WidgetProps } from "./widget-props";

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The select's options as HTML, `selected` on `chosen`. */
export function countryOptionsHtml(countries: readonly { code: string; name: string }[], placeholder: string, chosen: string): string {
  const option = (value: string, label: string) => `<option value="${escape(value)}"${value === chosen ? " selected" : ""}>${escape(label)}</option>`;
  return option("", placeholder) + countries.map((c) => option(c.code, c.name)).join("");
}

export default function CountryPicker({ field, dom_id, prefill, required, aria, text, lang, control }: WidgetProps) {
  const initial = typeof prefill === "string" ? prefill.toUpperCase() : "";
  const placeholder = field.placeholder ?? text("field.country_placeholder");
  const html = useMemo(() => countryOptionsHtml(countryOptions(lang), placeholder, initial), [lang, placeholder, initial]);
  const [interactive, setInteractive] = useState(false);
  const [none, setNone] = useState(false);
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => setInteractive(true), []);
  const noneId = `${dom_id}-none`;

  /** Hides the options that do not match; picks the first match unless the chosen one does. */
  const narrow = (query: string) => {
    const el = select.current;
    if (!el) return;
    const q = fold(query.trim());
    let first: HTMLOptionElement | undefined;
    for (const option of Array.from(el.options)) {
      if (option.value === "") continue;
      const match = q === "" || fold(option.text).includes(q) || option.value.toLowerCase() === q;
      option.hidden = !match;
      if (match) first ??= option;
    }
    setNone(first === undefined);
    const current = el.selectedOptions[0];
    if (q !== "" && first && (!current || current.value === "" || current.hidden)) {
      el.value = first.value;
      el.dispatchEvent(new Event("change", { bubbles: true }));
    }
  };

  return (
    <div className="space-y-2">
      {interactive && !field.readonly ? (
        <input
          id={`${dom_id}-search`} type="search" aria-label={text("field.country_search")} placeholder={text("field.country_search")}
          aria-controls={dom_id} aria-describedby={none ? noneId : undefined} autoComplete="off"
          onChange={(e) => narrow(e.currentTarget.value)}
          className={control}
        />
      ) : null}
      {none ? <p id={noneId} role="status" className="text-sm text-muted">{text("field.country_none")}</p> : null}
      <select
        ref={select} id={dom_id} name={field.name} required={required} disabled={field.readonly || undefined} {...aria}
        className={`${control} cursor-pointer`} dangerouslySetInnerHTML={{ __html: html }}
      />
    </div>
  );
}
