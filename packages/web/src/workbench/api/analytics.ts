/**
 * A form's analytics (spec 3 §2 `data/analytics`, core/data/data-api.ts): answers over time
 * in hour or day buckets and a summary per field, computed by the server on each call.
 */
import type { AnalyticsInterval, FormAnalytics } from "@fieldwork/core";
import { privateRequest, seg } from "./http";

/** `/private/editor/forms/{form_id}/analytics?interval=hour|day`. */
export function analyticsPath(form_id: string, interval: AnalyticsInterval): string {
  return `/forms/${seg(form_id)}/analytics?interval=${interval}`;
}

/** `GET …/analytics?interval=…`: throws `ApiError` as every private call does. */
export function fetchAnalytics(form_id: string, interval: AnalyticsInterval, signal?: AbortSignal): Promise<FormAnalytics> {
  return privateRequest<FormAnalytics>("GET", analyticsPath(form_id, interval), { signal });
}
