/** @jsxRuntime automatic */
/**
 * The frames drawn before data arrives. `BootScreen` is what the server's shell holds (one
 * frame per boot kind, the head script picks which shows); the app renders the same
 * `WorkspaceSkeleton` / `EditorSkeleton` / `AuthSkeleton` while `/me` loads, so its first
 * paint is the shell's.
 */
import { Card } from "../../ui/card";
import { Skeleton } from "../../ui/skeleton";
import { EditorMainSkeleton, EditorSidebarSkeleton } from "../editor/editor-skeleton";
import { AuthSkeleton } from "../pages/auth-layout";
import { AppFrame } from "./app-frame";
import { BreadcrumbSkeleton } from "./breadcrumb";
import type { BootKind } from "./boot";
import { PageBody, PageHeaderSkeleton, RowsSkeleton } from "./page";
import { NavSkeleton } from "./workspace-nav";

export function WorkspaceSkeleton() {
  return (
    <AppFrame me={null} sidebar={<NavSkeleton />} header={<BreadcrumbSkeleton />}>
      <PageBody>
        <PageHeaderSkeleton />
        <Card>
          <div className="flex h-9 items-center border-b border-line px-4"><Skeleton className="h-3 w-24" /></div>
          <RowsSkeleton />
        </Card>
      </PageBody>
    </AppFrame>
  );
}

export function EditorSkeleton() {
  return (
    <AppFrame me={null} sidebar={<EditorSidebarSkeleton />} header={<BreadcrumbSkeleton />}>
      <EditorMainSkeleton />
    </AppFrame>
  );
}

export function FrameSkeleton({ kind }: { kind: BootKind }) {
  switch (kind) {
    case "auth": return <AuthSkeleton />;
    case "editor": return <EditorSkeleton />;
    case "app": return <WorkspaceSkeleton />;
  }
}

/** Everything the shell's `#root` holds before the app mounts. */
export function BootScreen() {
  return (
    <>
      <div data-boot="app"><WorkspaceSkeleton /></div>
      <div data-boot="editor"><EditorSkeleton /></div>
      <div data-boot="auth"><AuthSkeleton /></div>
    </>
  );
}
