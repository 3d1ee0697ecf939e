/** @jsxRuntime automatic */
/**
 * The shared widgets of spec 1 §2.3 as React draws them (react-dom/server): a piece outside
 * its container fails with a misuse error naming both, the search box starts as a 36 px icon
 * that widens over 0.15 s, a carousel labels its slides, a slider exposes its value, and the
 * copy button reads Copy. What happens on clicks and keys is in e2e/widgets.test.ts.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Carousel, CarouselContent, CarouselItem, CarouselNext, CarouselPrevious } from "./carousel";
import { CopyButton } from "./copy-button";
import { WidgetMisuseError } from "./misuse";
import { CollapsingSearchBox } from "./search-box";
import { Slider, SliderRange, SliderThumb, SliderTrack } from "./slider";

const misuse = (node: React.ReactNode) => {
  try {
    renderToStaticMarkup(node);
  } catch (error) {
    return error;
  }
  return null;
};

describe("a widget piece outside its container", () => {
  it.each([
    ["CarouselItem", <CarouselItem key="i">x</CarouselItem>, "Carousel"],
    ["CarouselContent", <CarouselContent key="c">x</CarouselContent>, "Carousel"],
    ["CarouselNext", <CarouselNext key="n" />, "Carousel"],
    ["SliderThumb", <SliderThumb key="t" />, "Slider"],
    ["SliderTrack", <SliderTrack key="k" />, "Slider"],
    ["SliderRange", <SliderRange key="r" />, "Slider"],
  ])("<%s> alone throws a misuse error naming its container", (piece, node, container) => {
    const error = misuse(node);
    expect(error).toBeInstanceOf(WidgetMisuseError);
    expect((error as Error).message).toBe(`<${piece}> must be used within <${container}>.`);
  });

  it("a slide in a carousel but outside its content is refused too", () => {
    expect((misuse(<Carousel label="Photos"><CarouselItem>x</CarouselItem></Carousel>) as Error).message)
      .toBe("<CarouselItem> must be used within <CarouselContent>.");
  });

  it("inside their containers they render", () => {
    expect(misuse(<Slider label="Volume" value={3} onValue={() => {}}><SliderTrack><SliderRange /></SliderTrack><SliderThumb /></Slider>)).toBeNull();
  });
});

describe("the widgets' first render", () => {
  it("the search box is a 36 px icon-sized box that widens over 0.15 s, with its name", () => {
    const html = renderToStaticMarkup(<CollapsingSearchBox label="Search all rows" value="" onValue={() => {}} />);
    expect(html).toContain("width:36px");
    expect(html).toContain("transition-duration:0.15s");
    expect(html).toContain('type="search"');
    expect(html).toContain('aria-label="Search all rows"');
  });

  it("a search box that already holds a query starts at 200 px", () => {
    expect(renderToStaticMarkup(<CollapsingSearchBox label="Search" value="hopper" onValue={() => {}} />)).toContain("width:200px");
  });

  it("a carousel names itself and numbers its slides; only the first is shown", () => {
    const html = renderToStaticMarkup(
      <Carousel label="Event photos" loop>
        <CarouselContent>{["a", "b", "c"].map((s) => <CarouselItem key={s}>{s}</CarouselItem>)}</CarouselContent>
        <CarouselPrevious /><CarouselNext />
      </Carousel>,
    );
    expect(html).toContain('aria-roledescription="carousel" aria-label="Event photos"');
    expect(html.match(/aria-roledescription="slide"/g)).toHaveLength(3);
    expect(html).toContain('aria-label="1 of 3" aria-hidden="false"');
    expect(html).toContain('aria-label="3 of 3" aria-hidden="true"');
    expect(html).toContain('aria-label="Next slide"');
  });

  it("a slider's thumb tells its value and range", () => {
    const html = renderToStaticMarkup(<Slider label="Volume" value={25} onValue={() => {}} min={0} max={50}><SliderTrack><SliderRange /></SliderTrack><SliderThumb /></Slider>);
    expect(html).toContain('role="slider"');
    expect(html).toContain('aria-label="Volume" aria-valuemin="0" aria-valuemax="50" aria-valuenow="25"');
    expect(html).toContain("left:50%");
  });

  it("the copy button reads Copy, with what it copies for screen readers", () => {
    const text = renderToStaticMarkup(<CopyButton text="https://x" what="form link" />).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
    expect(text).toBe("Copy form link");
  });
});
