/** @jsxRuntime automatic */
/**
 * Slider pieces (spec 1 §2.3): `<Slider>` holds the value and range and is the container;
 * `<SliderTrack>` takes clicks and drags, `<SliderRange>` fills it up to the value and
 * `<SliderThumb>` is the focusable `role="slider"` the keys move. A piece outside its
 * container throws a WidgetMisuseError (spec 1 §8).
 */
import { createContext, useContext, type ReactNode } from "react";
import { cn } from "./cn";
import { requireContainer } from "./misuse";
import { percentOf, valueAtFraction, valueForKey, type SliderRange } from "./slider-state";

interface SliderContextValue extends SliderRange { value: number; onValue: (value: number) => void; label: string }
const SliderContext = createContext<SliderContextValue | null>(null);
const useSlider = (piece: string) => requireContainer(useContext(SliderContext), piece, "Slider");

export function Slider({ value, onValue, min = 0, max = 100, step = 1, label, children, className }: {
  value: number; onValue: (value: number) => void; min?: number; max?: number; step?: number;
  /** The thumb's accessible name. */
  label: string; children: ReactNode; className?: string;
}) {
  return (
    <SliderContext.Provider value={{ value, onValue, min, max, step, label }}>
      <div className={cn("relative flex h-5 w-full touch-none items-center select-none", className)}>{children}</div>
    </SliderContext.Provider>
  );
}

export function SliderTrack({ children, className }: { children?: ReactNode; className?: string }) {
  const slider = useSlider("SliderTrack");
  const moveTo = (el: HTMLElement, clientX: number) => {
    const box = el.getBoundingClientRect();
    slider.onValue(valueAtFraction((clientX - box.left) / (box.width || 1), slider));
  };
  return (
    <div
      data-slider-track=""
      className={cn("relative h-1.5 w-full grow cursor-pointer rounded-full bg-subtle", className)}
      onPointerDown={(e) => { e.currentTarget.setPointerCapture(e.pointerId); moveTo(e.currentTarget, e.clientX); }}
      onPointerMove={(e) => { if (e.currentTarget.hasPointerCapture(e.pointerId)) moveTo(e.currentTarget, e.clientX); }}
    >
      {children}
    </div>
  );
}

export function SliderRange({ className }: { className?: string }) {
  const slider = useSlider("SliderRange");
  return <div className={cn("absolute inset-y-0 left-0 rounded-full bg-primary", className)} style={{ width: `${percentOf(slider.value, slider)}%` }} />;
}

export function SliderThumb({ className }: { className?: string }) {
  const slider = useSlider("SliderThumb");
  return (
    <span
      role="slider"
      tabIndex={0}
      aria-label={slider.label}
      aria-valuemin={slider.min}
      aria-valuemax={slider.max}
      aria-valuenow={slider.value}
      aria-orientation="horizontal"
      className={cn("focus-ring absolute top-1/2 block size-4 -translate-1/2 rounded-full border-2 border-primary bg-card shadow-xs", className)}
      style={{ left: `${percentOf(slider.value, slider)}%` }}
      onKeyDown={(e) => {
        const next = valueForKey(e.key, slider.value, slider);
        if (next === null) return;
        e.preventDefault();
        if (next !== slider.value) slider.onValue(next);
      }}
    />
  );
}
