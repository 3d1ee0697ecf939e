/**
 * The cover's only script (spec 3 §4): the countdown ticks every second (hidden until its
 * first tick), the footer's wording and the Register button follow the schedule as moments
 * pass, and the carousel loops. No React: it runs on what the server drew (cover-view.tsx),
 * on the public cover page (cover-script.ts) and in the workbench's preview.
 */
import { COUNTDOWN_INTERVAL_MS, coverState, formatCountdown, type CoverCampaign, type CountdownUnits, type ScheduleState } from "@fieldwork/core";
import { slideAfter } from "../ui/carousel-state";
import { COVER_ATTR } from "./cover-attributes";

interface ScriptTexts {
  campaign: CoverCampaign;
  footer: Record<ScheduleState, string>;
  units: CountdownUnits;
  register: string;
  closed: string;
}

/** Carousel: the next slide every few seconds, back to the first after the last. */
export const CAROUSEL_INTERVAL_MS = 4000;

/** Starts the cover below `root`; returns what stops it. */
export function startCover(root: ParentNode): () => void {
  const stops: (() => void)[] = [];
  const cover = root.querySelector<HTMLElement>(`[${COVER_ATTR.root}]`);
  const textsJson = cover?.getAttribute(COVER_ATTR.texts);
  if (cover && textsJson) stops.push(startCountdown(cover, JSON.parse(textsJson) as ScriptTexts));
  const track = root.querySelector<HTMLElement>(`[${COVER_ATTR.carousel}]`);
  if (track) stops.push(startCarousel(track));
  return () => stops.forEach((stop) => stop());
}

function startCountdown(cover: HTMLElement, texts: ScriptTexts): () => void {
  const value = cover.querySelector<HTMLElement>(`[${COVER_ATTR.countdown}]`);
  const label = cover.querySelector<HTMLElement>(`[${COVER_ATTR.label}]`);
  const register = cover.querySelector<HTMLButtonElement>(`[${COVER_ATTR.register}]`);
  const tick = () => {
    const at = Date.now();
    const state = coverState(texts.campaign, new Date(at));
    if (label) label.textContent = state.phase ? texts.footer[state.phase] : "";
    if (value) {
      value.textContent = state.target ? formatCountdown(state.target.getTime() - at, texts.units) : "";
      value.dataset.ticked = "true";
    }
    if (register && register.disabled === state.register_enabled) {
      register.disabled = !state.register_enabled;
      // Before opening the server wrote the opening time; once open it reads Register.
      register.textContent = state.register_enabled ? texts.register : state.phase === "after_close" ? texts.closed : register.textContent;
    }
  };
  tick();
  const timer = setInterval(tick, COUNTDOWN_INTERVAL_MS);
  return () => clearInterval(timer);
}

function startCarousel(track: HTMLElement): () => void {
  const slides = track.children.length;
  if (slides < 2 || matchMedia("(prefers-reduced-motion: reduce)").matches) return () => undefined;
  let paused = false;
  const pause = () => void (paused = true), resume = () => void (paused = false);
  track.addEventListener("pointerenter", pause);
  track.addEventListener("pointerleave", resume);
  track.addEventListener("focusin", pause);
  track.addEventListener("focusout", resume);
  const timer = setInterval(() => {
    if (paused || document.hidden) return;
    const width = track.clientWidth || 1;
    const index = Math.round(track.scrollLeft / width);
    const next = slideAfter(index, slides, 1, true);
    track.scrollTo({ left: next * width, behavior: "smooth" });
  }, CAROUSEL_INTERVAL_MS);
  return () => clearInterval(timer);
}
