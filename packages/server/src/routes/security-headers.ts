/**
 * Headers on every answer: no MIME sniffing, no full URLs in Referer to other sites, and no
 * framing except for the public form pages (`/d/…`, which embeds put in an iframe). The
 * workbench in someone else's frame could be clicked blind ("Delete organization").
 *
 * HTML answers carry a Content-Security-Policy: everything from this origin only
 * (`default-src 'self'`: fonts, frames, workers, manifests) unless a directive below says
 * more; scripts only from this origin and the server's own inline scripts by hash; styles
 * from this origin and inline (owner CSS and theme tokens are `<style>` elements, React sets
 * `style` attributes), never from another site; images and media also from any http(s)
 * address or a data:/blob: URL (owners' image, video and option pictures are saved as
 * http(s) URLs); fetches and event streams only to this origin; no plugins, no `<base>`,
 * forms post only here (and to a form's own redirect origin, see `allowFormRedirect`).
 */
import { createHash } from "node:crypto";
import { INLINE_SCRIPTS } from "@fieldwork/web/ssr-assets";
import type { FastifyInstance, FastifyReply } from "fastify";

/**
 * Public form and status pages, which sites embed; and the submit, whose answer to a native
 * post with refused answers is the form again, in the same frame.
 */
export const isEmbeddable = (url: string) => url === "/d" || url.startsWith("/d/") || url.startsWith("/submit/");

const scriptHashes = INLINE_SCRIPTS.map((text) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`);

const FORM_ACTION_ORIGINS = Symbol("form-action origins");
type WithOrigins = FastifyReply & { [FORM_ACTION_ORIGINS]?: string[] };

/**
 * A page whose form, posted without JavaScript, is answered by a redirect to another origin
 * (the owner's `redirect_uri`): browsers check `form-action` along the redirect too.
 */
export function allowFormRedirect(reply: FastifyReply, url: string | undefined): void {
  if (!url || !/^https?:/i.test(url)) return;
  ((reply as WithOrigins)[FORM_ACTION_ORIGINS] ??= []).push(new URL(url).origin);
}

/**
 * What Stripe's Elements card needs on a public form page (Stripe's documented policy):
 * its script, its iframes and its API. Only with real Stripe keys (docs/payments.md); with a
 * stand-in API base the page draws Fieldwork's own card form and loads nothing from Stripe.
 */
const STRIPE_ELEMENTS = { script: "https://js.stripe.com", frame: "https://js.stripe.com https://hooks.stripe.com", connect: "https://api.stripe.com" };

/**
 * What another provider's browser library needs on the public form pages (Toss Payments' SDK:
 * payments/payment-csp.ts): its script, its frames and its API. Nothing with the stand-ins.
 */
export interface PaymentSources { script: string[]; frame: string[]; connect: string[] }

export function contentSecurityPolicy(options: {
  embeddable: boolean; formActions?: string[]; stripeElements?: boolean | undefined; payment?: PaymentSources | undefined;
}): string {
  const stripe = options.embeddable && options.stripeElements;
  const other = options.embeddable ? options.payment : undefined;
  const frames = [...(stripe ? [STRIPE_ELEMENTS.frame] : []), ...(other?.frame ?? [])];
  return [
    "default-src 'self'",
    [`script-src 'self' ${scriptHashes.join(" ")}${stripe ? ` ${STRIPE_ELEMENTS.script}` : ""}`, ...(other?.script ?? [])].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "media-src 'self' data: blob: https: http:",
    [`connect-src 'self'${stripe ? ` ${STRIPE_ELEMENTS.connect}` : ""}`, ...(other?.connect ?? [])].join(" "),
    ...(frames.length ? [["frame-src 'self'", ...frames].join(" ")] : []),
    "object-src 'none'",
    "base-uri 'none'",
    ["form-action 'self'", ...(options.formActions ?? [])].join(" "),
    ...(options.embeddable ? [] : ["frame-ancestors 'none'"]),
  ].join("; ");
}

export function securityHeaders(app: FastifyInstance, options: { stripeElements?: boolean; payment?: PaymentSources | undefined } = {}): void {
  app.addHook("onSend", async (request, reply, payload) => {
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    const embeddable = isEmbeddable(request.url);
    if (!embeddable) reply.header("x-frame-options", "DENY");
    const type = String(reply.getHeader("content-type") ?? "");
    // A route that set its own policy keeps it (a stored file's sandbox, storage/serving.ts).
    if (reply.hasHeader("content-security-policy")) return payload;
    if (type.startsWith("text/html")) {
      reply.header("content-security-policy", contentSecurityPolicy({
        embeddable, formActions: (reply as WithOrigins)[FORM_ACTION_ORIGINS], stripeElements: options.stripeElements, payment: options.payment,
      }));
    } else if (!embeddable) {
      reply.header("content-security-policy", "frame-ancestors 'none'");
    }
    return payload;
  });
}
