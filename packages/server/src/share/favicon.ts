/**
 * `/favicon.ico`: a 32×32 icon (the default accent, a check mark) as an ICO file holding one
 * PNG, drawn once. Browsers ask every site for it; without it the path fell through to the
 * workbench's page.
 */
import { svgToPng } from "./share-cards";

const SIZE = 32;
const ICON_SVG =
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 32 32">` +
  `<rect width="32" height="32" rx="7" fill="#2563eb"/>` +
  `<path d="M9 16.5l4.5 4.5L23 11.5" fill="none" stroke="#ffffff" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

/** An ICO container (header and one directory entry) around PNG bytes. */
export function icoOfPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6);
  header.writeUInt8(size >= 256 ? 0 : size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(header.length, 18);
  return Buffer.concat([header, png]);
}

let icon: Promise<Buffer> | undefined;

export function favicon(): Promise<Buffer> {
  icon ??= svgToPng(ICON_SVG).then((png) => icoOfPng(png, SIZE));
  icon.catch(() => (icon = undefined));
  return icon;
}
