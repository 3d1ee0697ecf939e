/**
 * Share cards (Open Graph images) as PNG: the form's SVG card (web's `shareCardSvg`) drawn by
 * sharp, kept by form and card version so a card is drawn once per change. At most `max` cards are
 * kept (least recently used go first); a drawing in flight is shared by its callers.
 */
import { loadSharp } from "../storage/sharp";

export interface CardDrawing {
  key: string;
  svg: () => string;
}

export class ShareCards {
  private readonly cards = new Map<string, Promise<Buffer>>();

  constructor(private readonly max = 200) {}

  png(drawing: CardDrawing): Promise<Buffer> {
    const cached = this.cards.get(drawing.key);
    if (cached) {
      this.cards.delete(drawing.key);
      this.cards.set(drawing.key, cached);
      return cached;
    }
    const made = svgToPng(drawing.svg());
    made.catch(() => this.cards.delete(drawing.key));
    this.cards.set(drawing.key, made);
    while (this.cards.size > this.max) this.cards.delete(this.cards.keys().next().value!);
    return made;
  }
}

/** An SVG document → PNG bytes at its own size (sharp reads SVG at 72 dpi: one unit, one pixel). */
export async function svgToPng(svg: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg, "utf8"), { limitInputPixels: 4_000_000 }).png({ compressionLevel: 9, palette: false }).toBuffer();
}
