/** @jsxRuntime automatic */
/**
 * The page column every public screen shares (form, skeleton, not-found): centred, at most
 * 640px wide, mobile first. The powered-by footer sits above the card on mobile and below
 * it from the `sm` breakpoint (spec 1 §2.2).
 */
import type { ReactNode } from "react";
import { PoweredBy } from "./powered-by";

export function FormPage({ children, powered_by }: { children: ReactNode; powered_by: boolean }) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-[640px] flex-col gap-4 px-3 pt-4 pb-10 sm:gap-6 sm:px-6 sm:pt-16 sm:pb-16">
      <div className="order-2">{children}</div>
      {powered_by ? <PoweredBy className="order-1 sm:order-3" /> : null}
    </main>
  );
}

/** The card the form (or a state) is drawn on. */
export function Card({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`relative overflow-clip rounded-3xl border border-line bg-card shadow-card ${className}`}>{children}</div>;
}

export const CARD_PADDING = "px-5 pt-9 pb-6 sm:px-10 sm:pt-12 sm:pb-10";
