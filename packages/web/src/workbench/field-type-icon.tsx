/** @jsxRuntime automatic */
/** One glyph per field type (grid headers, pickers), and the column formats of system columns. */
import type { FieldType } from "@fieldwork/core";
import {
  AtSign, Binary, Braces, Brush, Calendar, CalendarClock, CalendarDays, CalendarRange, CheckSquare, CircleDot, Clock, Code2, CreditCard,
  EyeOff, FileUp, Film, Globe, Hash, Image, Key, KeyRound, Link, ListChecks, ListFilter, Lock, MapPin, Music, Palette, PenLine,
  Phone, Search, Signature, SlidersHorizontal, Text, TextCursorInput, ToggleLeft, type LucideIcon,
} from "lucide-react";

export const FIELD_TYPE_ICONS: Record<FieldType, LucideIcon> = {
  number: Hash, text: TextCursorInput, textarea: Text, richtext: PenLine, tel: Phone, url: Link, checkbox: CheckSquare,
  checkboxes: ListChecks, switch: ToggleLeft, toggle: ToggleLeft, "toggle-group": ListFilter, radio: CircleDot, date: Calendar,
  "datetime-local": CalendarClock, month: CalendarDays, week: CalendarRange, time: Clock, email: AtSign, file: FileUp, image: Image,
  audio: Music, video: Film, select: ListFilter, latlng: MapPin, password: Lock, color: Palette, country: Globe, payment: CreditCard,
  hidden: EyeOff, signature: Signature, range: SlidersHorizontal, search: Search, json: Braces, canvas: Brush,
};

/** Icons of system columns, by their format. */
export function formatIcon(format: string, key = false): LucideIcon {
  if (key) return Key;
  if (format === "uuid") return KeyRound;
  if (/timestamp|date/.test(format)) return CalendarClock;
  if (/int|numeric|bigint/.test(format)) return Binary;
  if (/json/.test(format)) return Code2;
  return Text;
}

export function FieldTypeIcon({ type, format, className }: { type: FieldType | null; format: string; className?: string }) {
  const Icon = type ? FIELD_TYPE_ICONS[type] : formatIcon(format);
  return <Icon aria-hidden="true" strokeWidth={1.75} className={className ?? "size-3.5 shrink-0 text-faint"} />;
}
