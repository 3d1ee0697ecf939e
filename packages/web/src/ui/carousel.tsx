/** @jsxRuntime automatic */
/**
 * Carousel pieces (spec 1 §2.3): `<Carousel>` holds the current slide and is the container;
 * `<CarouselContent>` is the track, `<CarouselItem>` one slide, `<CarouselPrevious>` and
 * `<CarouselNext>` the controls. Any piece outside a `<Carousel>` throws a WidgetMisuseError
 * (spec 1 §8). Arrow keys on the carousel step too; a looping carousel goes round.
 */
import { Children, createContext, useContext, useEffect, useState, type ComponentProps, type ReactNode } from "react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "./button";
import { canStep, slideAfter } from "./carousel-state";
import { cn } from "./cn";
import { requireContainer } from "./misuse";

interface CarouselContextValue { index: number; loop: boolean; count: number; setCount: (count: number) => void; step: (by: 1 | -1) => void }
const CarouselContext = createContext<CarouselContextValue | null>(null);
const useCarousel = (piece: string) => requireContainer(useContext(CarouselContext), piece, "Carousel");

export function Carousel({ label, loop = false, children, className, ...props }: ComponentProps<"section"> & { label: string; loop?: boolean }) {
  const [index, setIndex] = useState(0);
  const [count, setCount] = useState(0);
  const step = (by: 1 | -1) => setIndex((now) => slideAfter(now, count, by, loop));
  return (
    <CarouselContext.Provider value={{ index: Math.min(index, Math.max(0, count - 1)), loop, count, setCount, step }}>
      <section
        {...props}
        aria-roledescription="carousel"
        aria-label={label}
        className={cn("relative", className)}
        onKeyDown={(e) => {
          props.onKeyDown?.(e);
          if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
            e.preventDefault();
            step(e.key === "ArrowRight" ? 1 : -1);
          }
        }}
      >
        {children}
      </section>
    </CarouselContext.Provider>
  );
}

export function CarouselContent({ children, className }: { children: ReactNode; className?: string }) {
  const carousel = useCarousel("CarouselContent");
  const count = Children.count(children);
  const { setCount } = carousel;
  useEffect(() => setCount(count), [setCount, count]);
  return (
    <div className={cn("overflow-hidden", className)}>
      <div aria-live="polite" className="flex transition-transform duration-300 motion-reduce:transition-none" style={{ transform: `translateX(-${carousel.index * 100}%)` }}>
        {Children.map(children, (child, i) => <SlideIndex.Provider value={{ i, count }}>{child}</SlideIndex.Provider>)}
      </div>
    </div>
  );
}

const SlideIndex = createContext<{ i: number; count: number } | null>(null);

export function CarouselItem({ children, className }: { children: ReactNode; className?: string }) {
  const carousel = useCarousel("CarouselItem");
  const slide = requireContainer(useContext(SlideIndex), "CarouselItem", "CarouselContent");
  const current = slide.i === carousel.index;
  return (
    <div role="group" aria-roledescription="slide" aria-label={`${slide.i + 1} of ${slide.count}`} aria-hidden={!current} inert={!current} className={cn("min-w-0 shrink-0 grow-0 basis-full", className)}>
      {children}
    </div>
  );
}

function StepButton({ by, piece, label }: { by: 1 | -1; piece: string; label: string }) {
  const carousel = useCarousel(piece);
  return (
    <Button variant="secondary" size="icon" aria-label={label} disabled={!canStep(carousel.index, carousel.count, by, carousel.loop)} onClick={() => carousel.step(by)}>
      {by === 1 ? <ChevronRight aria-hidden="true" /> : <ChevronLeft aria-hidden="true" />}
    </Button>
  );
}

export const CarouselPrevious = () => <StepButton by={-1} piece="CarouselPrevious" label="Previous slide" />;
export const CarouselNext = () => <StepButton by={1} piece="CarouselNext" label="Next slide" />;
