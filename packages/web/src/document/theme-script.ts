/**
 * The inline head script that runs before first paint: it swaps `no-js` for `js` on `<html>`
 * (so the CSS shows one section and the JS-only buttons exactly as React will after
 * hydration). Light and dark need no script: the CSS themes from `color-scheme`, which
 * follows `data-appearance`.
 */
export function themeScript(): string {
  return "(function(c){c.remove('no-js');c.add('js')})(document.documentElement.classList)";
}
