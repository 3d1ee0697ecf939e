/**
 * Every inline script the server writes into a page. The Content-Security-Policy of HTML
 * answers allows scripts from this origin plus exactly these, by hash; anything else inline
 * (an injected `<script>`, an `onerror=` attribute, a `javascript:` URL) does not run.
 */
import { bootScript } from "../workbench/shell/boot";
import { themeScript } from "./theme-script";

export const INLINE_SCRIPTS: readonly string[] = [themeScript(), bootScript()];
