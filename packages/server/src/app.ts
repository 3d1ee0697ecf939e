/**
 * The Fastify app: external plugins (compression first, so it hooks every route), then the
 * database decoration, then routes. Errors from the catalogue become
 * `{ data: null, error: { code, message } }` (or a redirect to the form's error page for
 * HTML requests); other errors are logged with the request id and answered as
 * INTERNAL_SERVER_ERROR without their internal message.
 */
import { randomBytes } from "node:crypto";
import fastifyFormbody from "@fastify/formbody";
import fastifyMultipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import { existsSync } from "node:fs";
import { BODY_LIMIT_BYTES, GRID_COUNT_TIMEOUT_MS, GRID_EXACT_COUNT_UP_TO, MULTIPART_FILE_LIMIT_BYTES, SUBMIT_BODY_LIMIT_BYTES, type StoredFile } from "@fieldwork/core";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { Kysely } from "kysely";
import { createAuth, type Auth } from "./auth/better-auth";
import type { DB } from "./db/schema";
import { scheduleStorageMoves, type StorageMoves } from "./forms/files/storage-moves";
import { uploadLanded } from "./forms/files/upload-landing";
import { uploadUrlRoutes } from "./routes/upload-urls";
import { MULTIPART_FIELDS_PER_SUBMIT, MULTIPART_FILES_PER_SUBMIT } from "./routes/posted-entries";
import { listenerOf, pingDatabase, type Listen } from "./db/database";
import { respondentLane } from "./routes/respondent-lane";
import { RowFeed } from "./realtime/row-feed";
import { compression } from "./compression";
import { closeConnectionsOnClose } from "./close-connections";
import { authRoutes } from "./routes/auth";
import { privateRoutes } from "./routes/private/index";
import { restApiRoutes } from "./routes/rest/index";
import { workbenchRoutes } from "./routes/workbench";
import { cliRoutes, type CliEndpoint } from "./routes/cli";
import { pageRoutes } from "./routes/pages";
import { shareRoutes } from "./routes/share";
import { embedScriptRoute } from "./routes/embed-script";
import { publicRoutes } from "./routes/public";
import type { PartialAnswerCaps } from "./forms/session";
import { loadPageAssets, WEB_DIST_DIR } from "@fieldwork/web/ssr-assets";
import { handleError, handleNotFound } from "./routes/errors";
import { securityHeaders } from "./routes/security-headers";
import { rejectUnstorableInput } from "./routes/request-guards";
import { useDepthLimitedJson } from "./routes/json-body";
import { rateLimits } from "./limits/rate-limit";
import { DEFAULT_LOAD_SETTINGS, Slots, type LoadSettings } from "./limits/load-limits";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { DEFAULT_TRUST_PROXY } from "./config";
import { bodyDeadlines, type UploadPace } from "./body-deadlines";
import { DEFAULT_HTTP_TIMEOUTS, serverTimeoutOptions, type HttpTimeouts } from "./http-timeouts";
import { loggerOptions } from "./logging";
import { metricsRoute, useMetrics, type MetricsOptions } from "./metrics/metrics-plugin";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id";
import { webhooks, type WebhookOptions } from "./webhooks/plugin";
import type { CountOptions } from "./query/count";
import { LazyIndexes, type LazyIndexOptions } from "./tables/lazy-indexes";
import { SearchFiller, type SearchFillerOptions } from "./tables/search-filler";
import type { StorageDriver } from "./storage/driver";
import { storageRoutes, useStorage } from "./storage/plugin";
import type { AiSettings } from "./ai/ai-settings";
import { paymentCspSources } from "./payments/payment-csp";
import { usePayments } from "./payments/payment-plugin";
import type { PaymentSettings } from "./payments/stripe-settings";
import { ExternalConnections } from "./external/connection-service";
import { ExternalPools, type PoolSettings } from "./external/pools";
import { connectionKeyOf, type ConnectionKey } from "./external/secret-box";

declare module "fastify" {
  interface FastifyInstance {
    db: Kysely<DB>;
    auth: Auth;
    /** Live row changes per form (LISTEN/NOTIFY), started by the first subscriber. */
    rowFeed: RowFeed;
    /** How the grid's count (`count=estimated`) counts exactly: up to how many rows, for how long. */
    counting: CountOptions;
    /** Column indexes made when a column is first filtered or sorted on (tables/lazy-indexes.ts). */
    lazyIndexes: LazyIndexes;
    /** Fills the search vectors writes leave null (tables/search-filler.ts). */
    searchFiller: SearchFiller;
    /** Moves staged files into their answers' folders (forms/files/storage-moves.ts); `kick` runs them now. */
    storageMoves: StorageMoves;
    /** External database connections and their pools (external/connection-service.ts). */
    external: ExternalConnections;
    /** Every route of the app, for the route-table checks and docs. */
    routeTable: { method: string; url: string }[];
  }
  interface FastifyContextConfig {
    /** The route serves pages to browsers: errors become redirects or error pages. */
    html?: boolean;
  }
}

export interface AppOptions {
  db: Kysely<DB>;
  /** Signs sessions and CSRF tokens; tests get a random one. */
  secret?: string;
  /** The origin browsers use; better-auth trusts only this origin. */
  publicUrl?: string;
  logger?: FastifyServerOptions["logger"];
  /** Whose X-Forwarded-For to believe (config's TRUST_PROXY); loopback by default. */
  trustProxy?: string;
  /** Lets the CLI run its commands through this process (PGlite is single-process). */
  cli?: CliEndpoint;
  /** Scales the public rate limits (PUBLIC_RATE_LIMIT_FACTOR); 0 turns them off. */
  rateLimitFactor?: number;
  /** How the row feed LISTENs; by default the `listen` of the database `db` was opened from. */
  listen?: Listen;
  /** Webhook settings; `deliver: true` runs the outbox relay and delivery workers here. */
  webhooks?: WebhookOptions;
  /**
   * Query timeout, export and change-stream caps, per-caller request rate (limits/load-limits.ts);
   * `rateLimitFactor: 0` turns the per-caller rate off too.
   */
  load?: Partial<LoadSettings>;
  /** How long a client may take to send a request (config's httpTimeouts); 30 s for a body by default. */
  httpTimeouts?: Partial<HttpTimeouts>;
  /** How an upload's body must progress (body-deadlines.ts UPLOAD_PACE by default); tests shorten it. */
  uploadPace?: UploadPace;
  /** Bytes of partial answers a session and a form keep; LIMITS by default (tests lower them). */
  partialAnswerCaps?: PartialAnswerCaps;
  /** The grid count's exact-count bound and timeout (GRID_EXACT_COUNT_UP_TO, GRID_COUNT_TIMEOUT_MS); tests lower them. */
  counting?: Partial<CountOptions>;
  /** `/metrics` and its bearer token (METRICS_TOKEN); without a token there is no `/metrics`. */
  metrics?: MetricsOptions;
  /** When reads make column indexes (LAZY_INDEX_MIN_ROWS); tests index tables of any size. */
  lazyIndexes?: Partial<LazyIndexOptions>;
  /** When and how the search vectors are filled after writes; tests slow it down to search unfilled rows. */
  searchFill?: Partial<SearchFillerOptions>;
  /** Where files live (config's STORAGE_URL via storageFromConfig); a temporary folder by default. */
  storage?: StorageDriver;
  /** How long one signed upload may take (storage/object-routes.ts); tests shorten it. */
  uploadDeadlineMs?: number;
  /** Seals connection secrets; by default CONNECTION_KEY, else derived from `secret` (external/secret-box.ts). */
  connectionKey?: ConnectionKey;
  /** External connections' pool caps and timeouts (external/pools.ts EXTERNAL_POOL); tests shorten them. */
  externalPools?: Partial<PoolSettings>;
  /** AI_BASE_URL, AI_API_KEY, AI_MODEL, AI_TIMEOUT_MS, AI_RATE_LIMIT_PER_MINUTE (ai/ai-settings.ts); no base URL → the offline heuristic. */
  ai?: Partial<AiSettings>;
  /**
   * Payment providers (payments/stripe-settings.ts from STRIPE_* variables); `sweep: true` runs
   * the payment expiry job here (main.ts does; tests call sweepPayments themselves).
   */
  payments?: PaymentSettings & {
    sweep?: boolean;
    /** Pay requests in flight per form (pay-gate.ts); LIMITS.pay_in_flight_per_form unless a test sets another cap. */
    pay_in_flight_per_form?: number;
  };
  /** SUPPORT_URL: the "Contact support" link of the outdated-schema page (an http(s) or mailto: URL). */
  supportUrl?: string | undefined;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.logger),
    bodyLimit: BODY_LIMIT_BYTES.api,
    genReqId: requestIdOf,
    trustProxy: options.trustProxy ?? DEFAULT_TRUST_PROXY,
    ...serverTimeoutOptions(options.httpTimeouts),
  });
  const secret = options.secret ?? randomBytes(32).toString("hex");
  const publicUrl = options.publicUrl ?? "http://localhost:3000";
  app.decorate("db", options.db);
  app.decorate("load", {
    ...DEFAULT_LOAD_SETTINGS, ...(options.rateLimitFactor === 0 ? { apiRequestsPerMinute: 0 } : {}), ...options.load,
  });
  app.decorate("slots", new Slots());
  app.decorate("routeTable", []);
  app.decorate("counting", { upTo: GRID_EXACT_COUNT_UP_TO, timeoutMs: GRID_COUNT_TIMEOUT_MS, ...options.counting });
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) if (method !== "HEAD") app.routeTable.push({ method, url: route.url });
  });
  app.addHook("onRequest", async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  useMetrics(app, options.metrics);
  app.decorate("auth", createAuth({ db: options.db, secret, publicUrl }));
  app.decorate("rowFeed", new RowFeed({
    db: options.db, listen: options.listen ?? listenerOf(options.db), warn: (message) => app.log.warn(message),
  }));
  app.addHook("onClose", async () => app.rowFeed.close());
  app.decorate("lazyIndexes", new LazyIndexes(options.db, options.lazyIndexes, app.log));
  app.addHook("onClose", async () => app.lazyIndexes.close());
  app.decorate("searchFiller", new SearchFiller(options.db, options.searchFill, app.log));
  app.addHook("onReady", async () => app.searchFiller.start());
  app.addHook("onClose", async () => app.searchFiller.close());
  const externalPools = new ExternalPools(options.externalPools, (message) => app.log.warn(message));
  app.decorate("external", new ExternalConnections(options.db, options.connectionKey ?? connectionKeyOf(process.env, secret), externalPools));
  app.addHook("onClose", async () => externalPools.closeAll());
  closeConnectionsOnClose(app);
  bodyDeadlines(app, { ...DEFAULT_HTTP_TIMEOUTS, ...options.httpTimeouts }.requestMs, options.uploadPace);
  const storageOptions = {
    driver: options.storage, secret, uploadDeadlineMs: options.uploadDeadlineMs,
    onStored: (key: string, file: StoredFile, name: string | undefined) => uploadLanded(options.db, key, file, name),
  };
  await useStorage(app, storageOptions);
  await webhooks(app, options.webhooks);
  const moves = scheduleStorageMoves(options.db, app.storage, app.log);
  app.decorate("storageMoves", moves);
  app.addHook("onClose", async () => moves.stop());

  await compression(app);
  useDepthLimitedJson(app);
  await app.register(fastifyMultipart, {
    // A file past fileSize is cut and marked truncated, not thrown: the submit names the field (posted-entries.ts).
    throwFileSizeLimit: false,
    limits: { fileSize: MULTIPART_FILE_LIMIT_BYTES, files: MULTIPART_FILES_PER_SUBMIT, fields: MULTIPART_FIELDS_PER_SUBMIT, fieldSize: 1024 * 1024, parts: 320 },
  });
  await app.register(fastifyFormbody, { bodyLimit: SUBMIT_BODY_LIMIT_BYTES });
  if (existsSync(`${WEB_DIST_DIR}assets`)) {
    // The build writes .br and .gz beside each text asset; those go out as they are.
    await app.register(fastifyStatic, { root: `${WEB_DIST_DIR}assets`, prefix: "/assets/", immutable: true, maxAge: "365d", preCompressed: true });
  } else {
    app.log.warn("packages/web/dist is missing (run `npm run build`): forms are served without JavaScript");
  }

  const pageAssets = loadPageAssets();
  const assets = () => pageAssets;
  app.setErrorHandler((error, request, reply) => handleError(error, request, reply, assets));
  app.setNotFoundHandler((request, reply) => handleNotFound(request, reply, assets));

  // Routes declare zod schemas (params, query, body, responses) from @fieldwork/core.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Stripe's Elements card (real keys, no stand-in API base) loads Stripe's script and frames on form pages; Toss's SDK likewise.
  securityHeaders(app, {
    stripeElements: Boolean(options.payments?.stripe && !options.payments.stripe.api_base), payment: paymentCspSources(options.payments),
  });
  respondentLane(app);
  rateLimits(app, options.rateLimitFactor ?? 1);
  rejectUnstorableInput(app);
  app.get("/healthz", async (_request, reply) => {
    await pingDatabase(options.db);
    return reply.send({ ok: true });
  });
  await app.register(publicRoutes, { partialAnswerCaps: options.partialAnswerCaps });
  await app.register(uploadUrlRoutes);
  const payments = await usePayments(app, options.db, options.payments, publicUrl);
  await app.register(pageRoutes, { assets, publicUrl, supportUrl: options.supportUrl });
  await app.register(shareRoutes, { publicUrl });
  await app.register(embedScriptRoute);
  await app.register(authRoutes, { auth: app.auth, publicUrl });
  await app.register(privateRoutes, { prefix: "/private/editor", auth: app.auth, secret, publicUrl, ai: options.ai, payments });
  await app.register(restApiRoutes, { prefix: "/rest/v1" });
  await app.register(workbenchRoutes);
  await storageRoutes(app, storageOptions);
  if (options.cli) await app.register(cliRoutes, options.cli);
  metricsRoute(app, options.metrics);
  return app;
}
