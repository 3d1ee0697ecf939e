/** @jsxRuntime automatic */
/**
 * The form link's QR code (qrcode.react, an SVG): its own chunk, loaded by share-page.tsx
 * only when the Share page shows, so no other page of the workbench downloads the encoder.
 */
import { QRCodeSVG } from "qrcode.react";

export default function QrCode({ value, title }: { value: string; title: string }) {
  return <QRCodeSVG value={value} size={176} marginSize={2} level="M" title={title} role="img" className="rounded-md bg-white" />;
}
