/**
 * The Cover page's draft: the start page as the owner types it, checked by core's schema
 * before it is saved (START_PAGE_SAVE_DEBOUNCE_MS after the last change), and the campaign
 * the preview draws it with.
 */
import {
  defaultStartPage, StartPage, type EditorDocument, type FormCampaign, type StartPageTemplate,
} from "@fieldwork/core";

export type TemplateChoice = StartPageTemplate | "none";

/** The campaign of the form's settings, as the public cover reads it from the preload. */
export function campaignOfSettings(settings: EditorDocument["settings"]): FormCampaign {
  return {
    is_force_closed: settings.is_force_closed,
    is_scheduling_enabled: settings.scheduling.enabled,
    scheduling_open_at: settings.scheduling.open_at,
    scheduling_close_at: settings.scheduling.close_at,
    scheduling_tz: settings.scheduling.tz,
    max_form_responses_in_total: settings.max_form_responses_in_total,
    max_form_responses_by_customer: settings.max_form_responses_by_customer,
  };
}

/**
 * Another template keeps what both have (the title), the rest from the new one's defaults;
 * "none" removes the cover.
 */
export function withTemplate(page: StartPage | null, template: TemplateChoice): StartPage | null {
  if (template === "none") return null;
  if (page?.template_id === template) return page;
  const fresh = defaultStartPage(template);
  return page ? ({ ...fresh, content: { ...fresh.content, title: page.content.title } } as StartPage) : fresh;
}

/** What stops a draft from being saved, worded for the owner, or null. */
export function startPageProblem(page: StartPage | null): string | null {
  if (page === null) return null;
  const parsed = StartPage.safeParse(page);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const where = issue.path.includes("media") ? "Image address" : issue.path.includes("background") ? "Background image" : issue.path.at(-1);
  return `${typeof where === "string" ? where.charAt(0).toUpperCase() + where.slice(1) : "Cover"}: ${issue.message}`;
}

/** Same page (what the server has, what the draft says). */
export const samePage = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
