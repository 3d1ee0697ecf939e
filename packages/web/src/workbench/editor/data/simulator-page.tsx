/** @jsxRuntime automatic */
/**
 * The Simulator (spec 3 §2, opened in a new tab from the responses or sessions table): the
 * public form as a visitor sees it, at a phone's width and at full width, so the owner can
 * answer it and watch the answer arrive in the grid's other tab.
 */
import { useState } from "react";
import { ExternalLink, Monitor, Smartphone } from "lucide-react";
import { Button, buttonClass } from "../../../ui/button";
import { cn } from "../../../ui/cn";

export function SimulatorPage({ title, publicPath }: { form_id: string; title: string; publicPath: string }) {
  const [device, setDevice] = useState<"phone" | "desktop">("phone");
  const [key, setKey] = useState(0);
  return (
    <div className="flex h-[calc(100dvh-3rem)] flex-col">
      <div className="flex flex-wrap items-center gap-2 border-b border-line bg-card px-4 py-2">
        <h1 className="text-sm font-semibold text-fg">Simulator</h1>
        <span className="text-sm text-muted">{title}</span>
        <span className="flex-1" />
        <div role="radiogroup" aria-label="Device" className="flex rounded-md border border-line p-0.5">
          {(["phone", "desktop"] as const).map((d) => (
            <button key={d} type="button" role="radio" aria-checked={device === d} onClick={() => setDevice(d)}
              className={cn("focus-ring flex cursor-pointer items-center gap-1.5 rounded px-2 py-1 text-xs", device === d ? "bg-subtle text-fg" : "text-muted")}>
              {d === "phone" ? <Smartphone aria-hidden="true" className="size-3.5" /> : <Monitor aria-hidden="true" className="size-3.5" />}
              {d === "phone" ? "Phone" : "Desktop"}
            </button>
          ))}
        </div>
        <Button size="sm" variant="ghost" onClick={() => setKey((k) => k + 1)}>Reload</Button>
        <a href={publicPath} target="_blank" rel="noopener" className={buttonClass({ variant: "ghost", size: "sm" })}>Open form <ExternalLink aria-hidden="true" /></a>
      </div>
      <div className="grid min-h-0 flex-1 place-items-center overflow-auto bg-subtle p-4">
        <iframe
          key={key}
          title={`${title} (as a visitor sees it)`}
          src={publicPath}
          className={cn("h-full rounded-lg border border-line bg-card shadow-pop", device === "phone" ? "w-[390px] max-w-full" : "w-full")}
        />
      </div>
    </div>
  );
}
