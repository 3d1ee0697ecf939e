/** @jsxRuntime automatic */
import { Database, FileText, Globe, HardDrive, Shapes, type LucideIcon } from "lucide-react";
import type { Doctype } from "@fieldwork/core";
import { cn } from "../ui/cn";

export const DOCTYPE_ICONS: Record<Doctype, LucideIcon> = {
  v0_form: FileText,
  v0_site: Globe,
  v0_schema: Database,
  v0_bucket: HardDrive,
  v0_canvas: Shapes,
};

const TINTS: Record<Doctype, string> = {
  v0_form: "text-doc-form",
  v0_site: "text-doc-site",
  v0_schema: "text-doc-schema",
  v0_bucket: "text-doc-bucket",
  v0_canvas: "text-doc-canvas",
};

/** The icon of a document type, tinted so types read at a glance in a list. */
export function DoctypeIcon({ doctype, className }: { doctype: Doctype; className?: string }) {
  const Icon = DOCTYPE_ICONS[doctype] ?? FileText;
  return <Icon aria-hidden="true" strokeWidth={1.75} className={cn("size-4 shrink-0", TINTS[doctype], className)} />;
}
