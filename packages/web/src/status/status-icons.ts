/**
 * The icon of each status page (closed, sold out, thank you…), by name. Apart from
 * status-card.tsx: only the server-rendered status pages (and the editor's preview of them)
 * read this map, so the public form's first load carries none of these icons.
 */
import { CalendarClock, CircleCheck, Lock, PackageX, SearchX, ServerCrash, TriangleAlert, UserCheck } from "lucide-react";

export const STATUS_ICONS = {
  error: ServerCrash,
  warning: TriangleAlert,
  closed: Lock,
  schedule: CalendarClock,
  responded: UserCheck,
  soldout: PackageX,
  success: CircleCheck,
  notfound: SearchX,
} as const;

export type StatusIcon = keyof typeof STATUS_ICONS;
