/**
 * The cover page as the server renders it (ssr.tsx renderCoverPage): the template's content,
 * the call to action as a GET to the form that works without JavaScript, the countdown
 * hidden until its first tick, and only the cover's own script and styles.
 */
import { describe, expect, it } from "vitest";
import { defaultStartPage, START_PARAM, type FormCampaign, type StartPage } from "@fieldwork/core";
import { renderCoverPage } from "../ssr";
import { samplePreload } from "../fixtures/sample-preload";

const now = new Date("2026-03-01T00:00:00Z");
const campaign = (over: Partial<FormCampaign> = {}): FormCampaign => ({ ...samplePreload().campaign, ...over });
const render = (page: StartPage, over: Partial<FormCampaign> = {}, query: Record<string, string> = {}) => {
  const html = renderCoverPage({
    preload: samplePreload({ campaign: campaign(over), title: "Form title" }), page,
    assets: { scripts: ["/assets/entry-abc.js"], styles: [], inlineStyles: [":root{--fw-page:#fff}"], preloads: ["/assets/shared-react.js"] },
    cover_assets: { scripts: ["/assets/cover-abc.js"], styles: [], inlineStyles: [".fw-cover{}"] },
    action: "/d/e/f1", query, now,
  });
  return { html, body: html.slice(html.indexOf("<body>")) };
};
const event = (content: Partial<Extract<StartPage, { template_id: "005" }>["content"]> = {}): StartPage => {
  const page = defaultStartPage("005") as Extract<StartPage, { template_id: "005" }>;
  return { ...page, content: { ...page.content, ...content } };
};

describe("renderCoverPage", () => {
  it("loads the cover's script and the form's styles, never the form's own script", () => {
    const { html } = render(event());
    expect(html).toContain('<script type="module" src="/assets/cover-abc.js"></script>');
    expect(html).not.toContain("entry-abc.js");
    expect(html).not.toContain("shared-react.js");
    expect(html).toContain("<style>:root{--fw-page:#fff}</style><style>.fw-cover{}</style>");
    expect(html).toContain("<title>Community Meetup</title>");
  });

  it("template 003: the call to action is a GET to the form carrying the URL's parameters", () => {
    const { body } = render(defaultStartPage("003"), {}, { email: "a@b.c", [START_PARAM]: "1" });
    expect(body).toContain('<h1 class="fw-cover-003-title">Enter Title</h1>');
    expect(body).toContain('<div class="fw-cover-003-bg fw-cover-placeholder"></div>');
    expect(body).toMatch(/<form class="fw-cover-start" action="\/d\/e\/f1" method="get"><input type="hidden" name="email" value="a@b.c"\/><input type="hidden" name="__fw_start" value="0"\/><button type="submit" class="fw-cover-cta">Start Now<\/button><\/form>/);
  });

  it("template 005: square images in a focusable carousel, the title, the body and Register", () => {
    const { body } = render(event({ media: [{ src: "https://example.com/a.jpg", alt: "Stage" }, { src: "https://example.com/b.jpg", alt: "" }] }));
    expect(body).toContain('<ul class="fw-carousel-track" tabindex="0" aria-label="Event images" data-fw-carousel="">');
    expect(body).toContain('aria-label="Image 2 of 2"><img src="https://example.com/b.jpg" alt="" loading="lazy" width="640" height="640"/>');
    expect(body.indexOf("fw-carousel")).toBeLessThan(body.indexOf("fw-cover-005-title"));
    expect(body).toContain("<p>An evening of short talks");
    expect(body).toMatch(/<button type="submit" class="fw-cover-cta" data-fw-register="">Register<\/button>/);
    expect(body).not.toContain("fw-cover-banner");
  });

  it("before opening: the banner's calendar badge in the campaign's timezone, the countdown hidden until its first tick, Register disabled", () => {
    const { body } = render(event(), { is_scheduling_enabled: true, scheduling_open_at: "2026-03-02T20:00:00.000Z", scheduling_tz: "Asia/Seoul" });
    expect(body).toContain('<span class="fw-cal-month">Mar</span><span class="fw-cal-day">3</span>');
    expect(body).toContain("<strong>Registration opens</strong>");
    expect(body).toContain('<span data-fw-footer-label="">Open in</span> <span class="fw-countdown-value" data-fw-countdown="" data-ticked="false"></span>');
    expect(body).toMatch(/<button type="submit" class="fw-cover-cta" disabled="" data-fw-register="">Opens Mar 3, 5:00\sAM<\/button>/);
  });

  it("while open it counts down to closing; after closing or force-closed Register reads Closed", () => {
    const schedule = { is_scheduling_enabled: true, scheduling_open_at: "2026-02-01T00:00:00.000Z", scheduling_close_at: "2026-03-05T00:00:00.000Z" };
    expect(render(event(), schedule).body).toContain('<span data-fw-footer-label="">Closing in</span>');
    const closed = render(event(), { ...schedule, scheduling_close_at: "2026-02-20T00:00:00.000Z" }).body;
    expect(closed).toContain('<span data-fw-footer-label="">Registration is closed</span>');
    expect(closed).toMatch(/disabled="" data-fw-register="">Closed<\/button>/);
    expect(render(event(), { is_force_closed: true }).body).toMatch(/disabled="" data-fw-register="">Closed<\/button>/);
  });

  it("escapes the owner's texts", () => {
    const { body } = render({ ...defaultStartPage("003"), content: { title: "<script>x</script>", subtitle: '"><img>', background: null } });
    expect(body).toContain("&lt;script&gt;x&lt;/script&gt;");
    expect(body).not.toContain("<script>x");
    expect(body).toContain("&quot;&gt;&lt;img&gt;");
  });
});
