/**
 * The public cover page's entry (vite.config.ts `cover`): its stylesheet and the countdown
 * and carousel. Only pages with a cover load it; the public form's entry never imports it.
 */
import "./cover.css";
import { startCover } from "./cover-runtime";

startCover(document);
