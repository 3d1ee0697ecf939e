/** @jsxRuntime automatic */
/**
 * `connect/share` (spec 2 §2): the form's public link with Copy, a QR code of it, and the two
 * ways to embed it on a site (docs/embedding.md): the script tag, and an iframe the script
 * can adopt. The snippets come from core (share-links.ts), like the docs' examples.
 */
import { lazy, Suspense } from "react";
import { iframeSnippet, prefillLink, scriptSnippet } from "@fieldwork/core";
import { Skeleton } from "../../../ui/skeleton";
import { useBuild } from "../build/build-store";
import { PageBar } from "../form-store-host";
import { SettingCard } from "../settings/settings-controls";
import { CopyText, DraftNote } from "./share-controls";

const QrCode = lazy(() => import("./qr-code"));

export function SharePage({ title }: { title: string }) {
  const form_id = useBuild((s) => s.working.form_id);
  const published = useBuild((s) => s.working.published);
  const origin = location.origin;
  const link = prefillLink(origin, form_id);
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4 px-4 pb-24">
      <PageBar title="Share" description="The form's link, its QR code and the snippets that embed it on a site." />
      <DraftNote published={published} />
      <SettingCard title="Public link" description="Anyone with this link can respond while the form is live.">
        <CopyText label="Form link" value={link} />
        <a href={link} target="_blank" rel="noopener" className="w-fit text-sm text-accent underline-offset-2 hover:underline">Open the form in a new tab</a>
      </SettingCard>
      <SettingCard title="QR code" description="Print it or show it on a screen: scanning it opens the form link.">
        <Suspense fallback={<Skeleton className="size-44" />}>
          <QrCode value={link} title={`QR code of the link to ${title}`} />
        </Suspense>
      </SettingCard>
      <SettingCard title="Embed on a site" description="The script tag puts the form in a frame that grows with its content and tells your page about its events.">
        <CopyText label="Script tag" value={scriptSnippet(origin, form_id)} multiline />
        <CopyText label="Iframe" value={iframeSnippet(origin, form_id, title)} multiline />
        <p className="text-xs text-muted">
          The iframe works alone at a fixed height; with the script tag on the same page it is resized to its content.
          Hidden fields take their values from URL parameters (Connect › URL parameters).
        </p>
      </SettingCard>
    </div>
  );
}
