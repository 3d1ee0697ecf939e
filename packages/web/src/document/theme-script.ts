import type { Appearance } from "@fieldwork/core";

/**
 * The inline head script that runs before first paint: it swaps `no-js` for `js` on `<html>`
 * (so the CSS shows one section and the JS-only buttons exactly as React will after
 * hydration) and sets the `dark` class for dark or system-dark appearance. The CSS already
 * themes from `data-appearance`, so pages look right without it too.
 */
export function themeScript(appearance: Appearance): string {
  return (
    "(function(d){var h=d.documentElement,c=h.classList;c.remove('no-js');c.add('js');" +
    `var a=${JSON.stringify(appearance)};` +
    "try{if(a==='dark'||(a==='system'&&matchMedia('(prefers-color-scheme: dark)').matches))c.add('dark')}catch(e){}" +
    "})(document)"
  );
}
