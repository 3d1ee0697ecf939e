/**
 * ICU-like interpolation of a catalogue sentence: `{name}` is replaced by `vars.name`; a
 * placeholder without a value stays as written, so a missing value shows rather than vanishes.
 */
export type MessageVars = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{([a-z_]+)\}/g;

export function formatMessage(template: string, vars?: MessageVars): string {
  if (!vars) return template;
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = Object.hasOwn(vars, name) ? vars[name] : undefined;
    return value === undefined ? whole : String(value);
  });
}

/** The placeholder names of a sentence, sorted (the catalogue test compares them across languages). */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]!))].sort();
}
