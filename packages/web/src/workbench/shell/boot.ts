/**
 * Which loading frame the server's shell shows before the app runs: the signed-out column,
 * the editor, or the workspace. The same rule runs as an inline head script (before first
 * paint) and in the app (for its own first render), so both draw the same frame.
 */
export type BootKind = "auth" | "editor" | "app";

export function bootKindOf(pathname: string): BootKind {
  const parts = pathname.split("/").filter(Boolean);
  if (parts.length === 1 && (parts[0] === "sign-in" || parts[0] === "sign-up")) return "auth";
  return parts.length > 2 ? "editor" : "app";
}

/** `bootKindOf` as a head script: sets `<html data-fw-boot>`; workbench.css shows that frame. */
export function bootScript(): string {
  return (
    "(function(d){var p=location.pathname.split('/').filter(Boolean);" +
    "d.setAttribute('data-fw-boot',p.length==1&&(p[0]=='sign-in'||p[0]=='sign-up')?'auth':p.length>2?'editor':'app')" +
    "})(document.documentElement)"
  );
}
