/**
 * The English catalogue: every sentence a visitor of a public form reads, keyed, in the
 * spec's wording. Every other language has the same keys (catalogues.ts, typed as
 * `Messages`); `{name}` placeholders are filled by format.ts. The server's own error
 * messages (public-errors.ts) stay the one source of their English.
 */
import { MESSAGES } from "../constants";
import type { PublicErrorCode } from "../errors";
import { PUBLIC_ERROR_MESSAGES } from "../public-errors";
import { UPLOAD_MESSAGES } from "../upload-paths";

/** The public codes whose message a visitor may read (badge, bad-request page); the session-sync ones never show. */
export const VISITOR_ERROR_CODES = [
  "INTERNAL_SERVER_ERROR", "MISSING_REQUIRED_HIDDEN_FIELDS", "UNKNOWN_FIELDS_NOT_ALLOWED", "FORM_FORCE_CLOSED",
  "FORM_CLOSED_WHILE_RESPONDING", "FORM_RESPONSE_LIMIT_REACHED", "FORM_SCHEDULE_NOT_IN_RANGE",
  "FORM_RESPONSE_LIMIT_BY_CUSTOMER_REACHED", "FORM_SOLD_OUT", "FORM_OPTION_UNAVAILABLE", "FORM_SCHEMA_OUTDATED",
  "FORM_NOT_FOUND", "SESSION_NOT_FOUND", "FIELD_NOT_FOUND", "NOT_FOUND", "REQUIRED_FIELD_MISSING", "INVALID_FIELD_VALUE",
  "INVALID_OPTION", "MALFORMED_REQUEST", "PAYLOAD_TOO_LARGE", "UPLOAD_PATH_NOT_ALLOWED", "UNSUPPORTED_MEDIA_TYPE",
  "RATE_LIMITED", "INVALID_TEXT", "NESTED_TOO_DEEP",
  // Pay's refusals a visitor reads in the form's language; PAYMENT_DECLINED is not among them:
  // the card's refusal is the provider's own sentence (Stripe's, Toss's), shown as sent.
  "PAYMENT_REQUIRED", "PAYMENT_SESSION_MISMATCH", "PAYMENT_NOT_CONFIRMED", "PAYMENT_PROVIDER_UNAVAILABLE", "PAYMENT_BUSY",
] as const satisfies readonly PublicErrorCode[];
export type VisitorErrorCode = (typeof VISITOR_ERROR_CODES)[number];

const TEXTS = {
  "button.back": "Back",
  "button.next": "Next",
  "button.submit": "Submit",
  "button.pay": "Pay",
  "form.untitled": "Form",
  "form.section": "Section",
  "form.loading": "Loading the form",
  "form.invalid": MESSAGES.form_invalid,
  "form.empty": "This form has no questions yet. Come back later.",
  "form.powered_by": "Powered by {brand}",
  "form.dismiss": "Dismiss",
  "form.select_placeholder": "Select an option",
  "form.open_pdf": "Open the PDF",
  "notfound.title": "Form not found",
  "notfound.text": "This form does not exist or is no longer available. Check the link you followed.",
  "stock.sold_out": "Sold out",
  "stock.few_left": "Only {n} left",

  "field.required": "This field is required.",
  "field.required_choice": "Choose an option.",
  "field.required_check": "Check this box to continue.",
  "field.not_boolean": "Check or uncheck this box.",
  "field.one_value": "Enter one value.",
  "field.one_option": "Choose at most one option.",
  "field.no_option": "Choose one of the options shown.",
  "field.not_offered": "This option is not available. Choose another one.",
  "field.too_long": "Use at most {max} characters.",
  "field.unstorable": "This text contains characters that cannot be saved. Retype it.",
  "field.not_number": "Enter a number.",
  "field.not_date": "Enter a date.",
  "field.not_time": "Enter a time.",
  "field.not_datetime": "Enter a date and time.",
  "field.not_month": "Enter a month.",
  "field.not_week": "Enter a week.",
  "field.not_color": "Enter a colour.",
  "field.not_url": "Enter a web address.",
  "field.not_valid": "Enter a valid value.",
  // Answer types country, json, latlng (spec 1 §2.3: 'No country found.').
  "field.not_json": "Enter valid JSON.",
  "field.not_latlng": "Enter a latitude from -90 to 90 and a longitude from -180 to 180.",
  "field.not_country": "Choose a country from the list.",
  "field.country_none": "No country found.",
  "field.country_search": "Search countries",
  "field.latitude": "Latitude",
  "field.longitude": "Longitude",
  "field.country_placeholder": "Choose a country",
  "field.email": "Enter an email address.",
  "field.url": "Enter a web address starting with http:// or https://.",
  "field.pattern": "Match the requested format.",
  "field.below": "Must be {min} or more.",
  "field.below_time": "Must be {min} or later.",
  "field.above": "Must be {max} or less.",
  "field.above_time": "Must be {max} or earlier.",
  "field.step": "Must be a multiple of {step}.",
  "field.one_file": "Choose one file.",
  "field.too_many_files": "Choose at most {max} files.",
  // Spec 1 §5's upload message.
  "field.file_too_large": "File is too large. Max size is {n}MB",
  "field.file_type": "Choose a file of type {accept}.",
  "field.too_many_items": "Add at most {max} items.",
  "field.not_signature": "Sign in the box.",
  "field.not_sketch": "This sketch cannot be read. Draw it again.",
  "field.add_item": "Add another",
  "field.remove_item": "Remove",
  "field.clear_signature": "Clear",
  "field.open_sketch": "Open the sketch editor",
  "field.sketch_layers": "Layers",
  "field.sketch_properties": "Properties",
  "field.sketch_done": "Done",
  "field.signature_no_script": "Without JavaScript there is no pad: sign on paper and upload a photo of your signature (PNG, JPEG or WebP).",
  // Spec 1 §2.3's card form (payment fields).
  "payment.card_number": "Card number",
  "payment.expiry": "Expiry",
  "payment.cvc": "CVC",
  "payment.country": "Country",
  "payment.zip": "ZIP",
  "payment.total": "Total {amount}",
  "field.sketch_no_script": "The sketch editor needs JavaScript. You can paste a sketch as JSON instead.",
  "field.bold": "Bold",
  "field.italic": "Italic",
  "field.bullet_list": "Bulleted list",
  "field.numbered_list": "Numbered list",
  "field.sketch_sample": "Start from the sample",
  "field.sketch_draw": "Draw",
  "field.sketch_rectangle": "Rectangle",
  "field.sketch_ellipse": "Ellipse",
  "field.sketch_name": "Name",
  "field.sketch_stroke": "Line colour",
  "field.sketch_fill": "Fill colour",
  "field.sketch_width": "Line width",

  "upload.zone_one": "Choose a file or drag it here",
  "upload.zone_many": "Choose files or drag them here",
  "upload.full": "Maximum number of files reached",
  "upload.hint_one": "One file",
  "upload.hint_many": "Up to {n} files",
  "upload.list": "Files of {label}",
  "upload.progress": "Uploading {name}",
  "upload.remove": "Remove {name}",
  "upload.status_pending": "Ready",
  "upload.status_uploading": "Uploading",
  "upload.status_uploaded": "Uploaded",
  "upload.status_failed": "Failed",
  "upload.added_one": "1 file added.",
  "upload.added_many": "{n} files added.",
  "upload.started": "Uploading {name}.",
  "upload.done": "{name} uploaded.",
  "upload.removed": "{name} removed.",
  "upload.failed": UPLOAD_MESSAGES.upload_failed,
  "upload.signed_url_failed": UPLOAD_MESSAGES.signed_url_failed,
  "upload.no_uploader": UPLOAD_MESSAGES.no_uploader,
  "upload.probably_too_big": UPLOAD_MESSAGES.probably_too_big,

  "status.continue": "Continue",
  "status.try_again": "Try again",
  "status.back": "Back to the form",
  "status.check_again": "Check again",
  "status.reload": "Reload the form",
  "status.project_home": "Project home",
  "status.contact_support": "Contact support",
  "status.details": "Details",
  "status.missing": "Missing:",
  "cover.start_now": "Start Now",
  "cover.register": "Register",
  "cover.closed": "Closed",
  "cover.opens_at": "Opens {time}",
  "cover.footer.before_open": "Open in",
  "cover.footer.open": "Closing in",
  "cover.footer.after_close": "Registration is closed",
  "cover.banner.before_open": "Registration opens",
  "cover.banner.open": "Registration closes",
  "cover.banner.after_close": "Registration closed",
  "cover.gallery": "Event images",
  "cover.slide": "Image {index} of {count}",
  "cover.unit.d": "d",
  "cover.unit.h": "h",
  "cover.unit.m": "m",
  "cover.unit.s": "s",
  "status.developererror.title": "Something went wrong",
  "status.developererror.text": "An unexpected error happened on our side. Please try again in a moment.",
  "status.badrequest.title": "This request could not be processed",
  "status.badrequest.text": "The form received something it could not read.",
  "status.scheduled.title": "This form is not open right now",
  "status.scheduled.text": "It accepts responses only during its scheduled period. Please come back later.",
  "status.closed.title": "This form is closed",
  "status.closed.text": "It is no longer accepting responses.",
  "status.alreadyresponded.title": "You have already responded",
  "status.alreadyresponded.text": "This form accepts a limited number of responses per person.",
  "status.formsoldout.title": "Sold out",
  "status.formsoldout.text": "Everything this form offered has been taken.",
  "status.formoptionsoldout.title": "An option you chose is sold out",
  "status.formoptionsoldout.text": "Someone took it just before you. Please go back and choose another option.",
  "status.complete.title": "Thank you",
  "status.complete.text": "Your response has been recorded.",
  // Spec 1 §2.2's outdated-schema screen; its first sentence is the error's message.
  "status.outdated.title": "Error: outdated schema version",
  "status.outdated.text":
    "This document was created with an older version of the form, which has changed since; it must be updated manually. Reload the form to answer its current version.",
  "status.ratelimited.title": "Too many requests",
  "status.ratelimited.text": "This address has opened or sent this form very often in the last minute. Wait a moment and try again.",
  // The page Toss Payments' checkout sends a buyer back to without a payment (payments/toss-result-page.ts).
  "status.paymentfailed.title": "Payment not completed",
  "status.paymentfailed.text": "Nothing was charged.",
  "status.paymentfailed.message": "The payment stopped before it went through.",
} as const;

type ErrorTexts = Record<`error.${VisitorErrorCode}`, string>;

const ERROR_TEXTS = Object.fromEntries(
  VISITOR_ERROR_CODES.map((code) => [`error.${code}`, PUBLIC_ERROR_MESSAGES[code]]),
) as ErrorTexts;

export type MessageKey = keyof typeof TEXTS | keyof ErrorTexts;

/** One language's catalogue: every key, a sentence each. */
export type Messages = Readonly<Record<MessageKey, string>>;

export const EN: Messages = { ...TEXTS, ...ERROR_TEXTS };
