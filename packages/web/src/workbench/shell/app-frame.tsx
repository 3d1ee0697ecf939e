/** @jsxRuntime automatic */
/**
 * The frame of every private page: a 240px sidebar on desktop (a sheet behind the menu
 * button on mobile), a 48px header with the breadcrumb, page actions and the user menu,
 * and the scrolling main area. The server's loading shell draws the same frame.
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Menu as MenuIcon } from "lucide-react";
import { Sheet } from "../../ui/dialog";
import { Skeleton } from "../../ui/skeleton";
import { cn } from "../../ui/cn";
import type { Me } from "../api/types";
import { Link } from "../router/link";
import { useLocation } from "../router/history";
import { BrandMark } from "./brand";
import { UserMenu } from "./user-menu";

export interface AppFrameProps {
  /** The sidebar's content (workspace navigation, or the editor's modes). */
  sidebar: ReactNode;
  /** Left of the header: the breadcrumb. */
  header: ReactNode;
  /** Right of the header, before the user menu. */
  actions?: ReactNode;
  /** Null while `/me` loads: the user menu is a placeholder. */
  me: Me | null;
  children: ReactNode;
}

function SidebarColumn({ children }: { children: ReactNode }) {
  return (
    <>
      <div className="flex h-12 shrink-0 items-center border-b border-line px-4">
        <Link href="/" className="focus-ring -mx-1 flex items-center gap-2 rounded-md px-1 text-sm font-semibold text-fg">
          <BrandMark />
          Fieldwork
        </Link>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-2">{children}</div>
    </>
  );
}

export function AppFrame({ sidebar, header, actions, me, children }: AppFrameProps) {
  const { pathname } = useLocation();
  // The sheet is open for the page it was opened on, so navigating closes it.
  const [sheetPath, setSheetPath] = useState<string | null>(null);
  // The main area scrolls, not the window: a new page starts at its top.
  const main = useRef<HTMLElement>(null);
  useEffect(() => {
    main.current?.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div className="flex h-dvh bg-page text-fg">
      <aside aria-label="Sidebar" className="hidden w-60 shrink-0 flex-col border-r border-line bg-sidebar md:flex">
        <SidebarColumn>{sidebar}</SidebarColumn>
      </aside>
      <Sheet open={sheetPath === pathname} onClose={() => setSheetPath(null)} label="Navigation" className="flex-col open:flex">
        <SidebarColumn>{sidebar}</SidebarColumn>
      </Sheet>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-12 shrink-0 items-center gap-2 border-b border-line bg-page px-2 md:px-4">
          <button
            type="button"
            aria-label="Open navigation"
            onClick={() => setSheetPath(pathname)}
            className="focus-ring grid size-8 shrink-0 cursor-pointer place-items-center rounded-md text-muted hover:bg-subtle hover:text-fg md:hidden"
          >
            <MenuIcon aria-hidden="true" className="size-4" />
          </button>
          {header}
          {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
          <div className={cn("shrink-0", actions && "ml-1")}>{me ? <UserMenu me={me} /> : <Skeleton className="size-8 rounded-full" />}</div>
        </header>
        <main ref={main} className="min-h-0 flex-1 overflow-y-auto">{children}</main>
      </div>
    </div>
  );
}
