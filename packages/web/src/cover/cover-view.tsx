/** @jsxRuntime automatic */
/**
 * The form's start page (cover, spec 1 §2.2; templates 003 and 005 of spec 3 §2), drawn by
 * the server with no React in the browser (ssr.tsx `renderCoverPage`) and by the workbench's
 * live preview. Its call to action is a plain GET to the form itself (`START_PARAM`), so it
 * works without JavaScript; the countdown and the carousel's looping come from the tiny
 * cover script (cover-runtime.ts), which reads the state the server drew here.
 */
import {
  calendarBadge, coverState, coverTexts, scheduleTimeText, START_PARAM,
  type FormCampaign, type StartPage, type StartPage003, type StartPage005,
} from "@fieldwork/core";
import { COVER_ATTR } from "./cover-attributes";

export interface CoverViewProps {
  page: StartPage;
  campaign: FormCampaign;
  lang: string;
  /** The moment the page is drawn (the server's clock). */
  now: Date;
  /** The form page the call to action goes to: `/d/e/{form_id}`. */
  action: string;
  /** The page's URL parameters, carried to the form (prefill, hidden fields). */
  query: Record<string, string>;
  /** The workbench preview: the call to action goes nowhere. */
  preview?: boolean;
}

export function CoverView(props: CoverViewProps) {
  return props.page.template_id === "003" ? <Cover003 {...props} page={props.page} /> : <Cover005 {...props} page={props.page} />;
}

/** A GET form to the form page with the URL's parameters and `START_PARAM`: a link that can be disabled. */
function StartForm({ action, query, preview, children }: Pick<CoverViewProps, "action" | "query" | "preview"> & { children: React.ReactNode }) {
  return (
    <form method="get" action={action} className="fw-cover-start" onSubmit={preview ? (event) => event.preventDefault() : undefined}>
      {Object.entries(query).filter(([name]) => name !== START_PARAM).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
      <input type="hidden" name={START_PARAM} value="0" />
      {children}
    </form>
  );
}

function Cover003({ page, lang, action, query, preview }: CoverViewProps & { page: StartPage003 }) {
  const texts = coverTexts(lang);
  const { title, subtitle, background } = page.content;
  return (
    <main className="fw-cover fw-cover-003" {...{ [COVER_ATTR.root]: "003" }}>
      {background ? <img className="fw-cover-003-bg" src={background} alt="" /> : <div className="fw-cover-003-bg fw-cover-placeholder" />}
      <div className="fw-cover-003-inner">
        <h1 className="fw-cover-003-title">{title}</h1>
        {subtitle ? <p className="fw-cover-003-subtitle">{subtitle}</p> : null}
        <StartForm action={action} query={query} preview={preview}>
          <button type="submit" className="fw-cover-cta">{texts.start_now}</button>
        </StartForm>
      </div>
    </main>
  );
}

function Cover005({ page, campaign, lang, now, action, query, preview }: CoverViewProps & { page: StartPage005 }) {
  const texts = coverTexts(lang);
  const { title, body, media } = page.content;
  const state = coverState(campaign, now);
  const open = campaign.scheduling_open_at ? new Date(campaign.scheduling_open_at) : null;
  const close = campaign.scheduling_close_at ? new Date(campaign.scheduling_close_at) : null;
  // The banner names the schedule's moment: the opening while it is ahead, else the closing.
  const bannerAt = state.phase === "before_open" ? open : state.phase ? close ?? open : null;
  const badge = bannerAt ? calendarBadge(bannerAt, campaign.scheduling_tz, lang) : null;
  const registerLabel = state.register_enabled ? texts.register
    : state.phase === "before_open" && open ? texts.opens_at(scheduleTimeText(open, campaign.scheduling_tz, lang, "short"))
    : texts.closed;
  // What the script needs to move on at the next moment, in the page's own words.
  const script = {
    campaign: {
      is_force_closed: campaign.is_force_closed, is_scheduling_enabled: campaign.is_scheduling_enabled,
      scheduling_open_at: campaign.scheduling_open_at, scheduling_close_at: campaign.scheduling_close_at,
    },
    footer: texts.footer, units: texts.units, register: texts.register, closed: texts.closed,
  };
  return (
    <main className="fw-cover fw-cover-005" {...{ [COVER_ATTR.root]: "005", [COVER_ATTR.texts]: JSON.stringify(script) }}>
      <div className="fw-cover-005-content">
        {media.length ? (
          <section className="fw-carousel" aria-roledescription="carousel" aria-label={texts.gallery}>
            <ul className="fw-carousel-track" tabIndex={0} aria-label={texts.gallery} {...{ [COVER_ATTR.carousel]: "" }}>
              {media.map((image, index) => (
                <li key={`${index}:${image.src}`} className="fw-carousel-slide" aria-roledescription="slide" aria-label={texts.slide(index + 1, media.length)}>
                  <img src={image.src} alt={image.alt} loading={index === 0 ? "eager" : "lazy"} width={640} height={640} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <h1 className="fw-cover-005-title">{title}</h1>
        {badge && bannerAt && state.phase ? (
          <p className="fw-cover-banner">
            <span className="fw-cal-badge" aria-hidden="true"><span className="fw-cal-month">{badge.month}</span><span className="fw-cal-day">{badge.day}</span></span>
            <span className="fw-cover-banner-text">
              <strong>{texts.banner[state.phase]}</strong>
              <span>{scheduleTimeText(bannerAt, campaign.scheduling_tz, lang)}</span>
            </span>
          </p>
        ) : null}
        {/* Owner HTML, cleaned by the owner-HTML allow-list when saved (server forms/start-page.ts). */}
        <div className="fw-cover-body" dangerouslySetInnerHTML={{ __html: body }} />
      </div>
      <footer className="fw-cover-footer">
        <div className="fw-cover-footer-inner">
          <p className="fw-countdown" aria-live="off">
            <span {...{ [COVER_ATTR.label]: "" }}>{state.phase ? texts.footer[state.phase] : ""}</span>{" "}
            {/* Hidden until the first tick (spec 3 §4): the script fills it in. */}
            <span className="fw-countdown-value" {...{ [COVER_ATTR.countdown]: "" }} data-ticked="false" />
          </p>
          <StartForm action={action} query={query} preview={preview}>
            <button type="submit" className="fw-cover-cta" disabled={!state.register_enabled} {...{ [COVER_ATTR.register]: "" }}>{registerLabel}</button>
          </StartForm>
        </div>
      </footer>
    </main>
  );
}
