/** @jsxRuntime automatic */
/** The workbench app: the current route's page inside the session, plus the toasts. */
import { useEffect } from "react";
import { useLocation } from "./router/history";
import { matchRoute, type Route } from "./router/routes";
import { SessionProvider } from "./session/session-context";
import { Toaster } from "./shell/toaster";
import { PrivateArea } from "./pages/private-area";
import { SignInPage } from "./pages/sign-in-page";
import { SignUpPage } from "./pages/sign-up-page";

/** The tab's title for a route (the editor sets the document's title once loaded). */
export function titleOf(route: Route): string {
  switch (route.name) {
    case "sign-in": return "Sign in · Fieldwork";
    case "sign-up": return "Create your account · Fieldwork";
    case "home": return "Organizations · Fieldwork";
    case "account": return "Account · Fieldwork";
    case "invite": return "Invitation · Fieldwork";
    case "organization": return `${route.org} · Fieldwork`;
    case "project": return `${route.project} · ${route.org} · Fieldwork`;
    case "editor": return `${route.editor.project} · Fieldwork`;
    case "not-found": return "Not found · Fieldwork";
  }
}

function Page({ route, search }: { route: Route; search: string }) {
  const next = new URLSearchParams(search).get("next");
  switch (route.name) {
    case "sign-in": return <SignInPage next={next} />;
    case "sign-up": return <SignUpPage next={next} />;
    default: return <PrivateArea route={route} />;
  }
}

export function App() {
  const { pathname, search } = useLocation();
  const route = matchRoute(pathname);
  const title = titleOf(route);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <SessionProvider>
      <Page route={route} search={search} />
      <Toaster />
    </SessionProvider>
  );
}
