import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from "fastify";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { registerApiDocs } from "./lib/api-docs";
import { handleError } from "./lib/error-handler";
import { systemClock, type Clock } from "./lib/clock";
import type { AppContext } from "./lib/context";
import type { RequestOrigin } from "./lib/origin";
import { languageFromHeader, translator, type Translate } from "./lib/i18n";
import { createEventBus } from "./lib/events";
import { createJobs, loadJobKinds } from "./lib/jobs";
import { createMailer } from "./lib/mail";
import type { Author } from "./lib/write";
import { guardRoutes } from "./modules/auth/guard";
import { API_ROUTES } from "./modules/routes";
import { createSessionCache, forgetOnChange } from "./modules/auth/session-cache";
import { wireNotifications } from "./modules/notifications";
import { wireAttendance } from "./modules/attendance";
import { wirePayroll } from "./modules/payroll";
import { wirePayslips } from "./modules/payslips";
import { wireBackups } from "./modules/backups";
import { wireLeave } from "./modules/leave";
import type { AuthUser } from "./modules/auth/sessions";

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every route as registered, with what it declares: the inventory the policy tests walk. */
    routeTable: RouteEntry[];
  }
  interface FastifyRequest {
    user: AuthUser;
    t: Translate;
    origin: RequestOrigin;
    /** The signed-in person (if any) and the origin, as the write path records them. */
    author: Author;
  }
}

/** Whether a request is the API's; every other path is the app's pages and files. */
function isApiUrl(url: string): boolean {
  return /^\/api(?:[/?]|$)/.test(url);
}

/** The methods a route takes at this path, when the request's is not one of them. */
function allowedMethods(app: FastifyInstance, pathname: string): string[] {
  return app.supportedMethods.filter((method) => app.findRoute({ method, url: pathname }));
}

/** Reset links carry their token in the query: never write it to the log. */
function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|email|password)=)[^&]*/gi, "$1***");
}

export interface RouteEntry {
  method: string;
  url: string;
  config: { action?: string; public?: boolean };
}

export interface AppOptions {
  database: Database;
  config: Config;
  clock?: Clock;
  logger?: FastifyServerOptions["logger"];
}

/** Content Security Policy the built app runs under: antd writes inline styles, nothing else is inline. */
const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:"],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

export async function buildApp({ database, config, clock = systemClock, logger = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    // One log line per request (written on response) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1_048_576,
    // Only as many proxy hops as configured: X-Forwarded-For beyond them is the client's own say.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    // A URL Fastify cannot even route (a broken %-escape, an over-long id) gets the same { message } as every other refusal.
    frameworkErrors: (error, request, reply) => {
      const t = translator(languageFromHeader(request.headers["accept-language"]));
      (reply as FastifyReply).code(error.statusCode ?? 400).header("cache-control", "no-store").send({ message: t("errors.badRequest") });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The embedded database is this process's alone (directory lock): nobody else can be running its jobs.
  const jobs = createJobs({ db: database.db, log: app.log, settings: config.jobs, soleWorker: database.kind === "pglite" });
  const mailer = await createMailer({ db: database.db, clock, log: app.log, jobs, smtpUrl: config.smtpUrl, from: config.mailFrom });
  // Caching sessions is exact only where this process is the database's one writer.
  const sessionCache = createSessionCache(database.kind === "pglite" ? config.sessionCacheSeconds * 1000 : 0);
  const events = createEventBus((error, event) => app.log.error({ err: error, event: event.type }, "event listener failed"));
  forgetOnChange(events, sessionCache);
  app.decorate("routeTable", [] as RouteEntry[]);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) app.routeTable.push({ method, url: route.url, config: route.config ?? {} });
  });
  app.decorate("ctx", { db: database.db, database, clock, config, mailer, jobs, events, log: app.log, sessionCache });
  for (const kind of await loadJobKinds(config.jobs.modules, app.ctx)) jobs.register(kind);
  wireNotifications(app, database);
  wireAttendance(app);
  wirePayroll(app);
  wirePayslips(app);
  wireBackups(app);
  wireLeave(app);
  app.decorateRequest("user", null as unknown as AuthUser);
  app.decorateRequest("t", null as unknown as Translate);
  app.decorateRequest("origin", null as unknown as RequestOrigin);
  app.decorateRequest("author", {
    getter(this: FastifyRequest): Author {
      return { actorId: this.user?.id ?? null, origin: this.origin };
    },
  });
  app.addHook("onRequest", async (request) => {
    request.t = translator(languageFromHeader(request.headers["accept-language"]));
    request.origin = { ip: request.ip, userAgent: request.headers["user-agent"] };
  });
  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      { method: request.method, url: redactUrl(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10, user: request.user?.id },
      "request",
    );
  });
  // API replies carry tokens and personal data (pictures by signed link too): neither the browser nor a proxy may keep them.
  app.addHook("onSend", async (request, reply) => {
    if (isApiUrl(request.url)) reply.header("cache-control", "no-store");
  });
  app.addHook("onReady", async () => jobs.start());
  app.addHook("onClose", async () => jobs.stop());

  await app.register(helmet, { contentSecurityPolicy: CONTENT_SECURITY_POLICY });
  app.setErrorHandler(handleError);
  await registerApiDocs(app);

  await app.register(
    async (api) => {
      guardRoutes(api);
      for (const routes of API_ROUTES) await api.register(routes);
    },
    { prefix: "/api" },
  );

  // For a load balancer or a monitor, outside the API: the process answers, and so does its database.
  app.get("/healthz", async (request, reply) => {
    reply.header("cache-control", "no-store");
    try {
      await app.ctx.db.execute(sql`select 1`);
    } catch {
      return reply.code(503).send({ message: request.t("errors.databaseUnavailable") });
    }
    return { status: "ok" };
  });

  const indexHtml = config.staticDir && path.join(config.staticDir, "index.html");
  const serveApp = Boolean(indexHtml && fs.existsSync(indexHtml));
  if (serveApp) {
    const assetsDir = path.join(config.staticDir!, "assets") + path.sep;
    await app.register(fastifyStatic, {
      root: config.staticDir!,
      wildcard: false,
      index: false,
      // The build writes each file's gzip and brotli beside it (scripts/build.mjs): sent to browsers that take them.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Files under assets/ are named by their content's hash: a new build names new files, so a browser
        // keeps these for good and a reload asks for none of them (it revalidated every chunk before).
        if (filePath.startsWith(assetsDir)) reply.header("cache-control", "public, max-age=31536000, immutable");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // A missing /assets/x.js is a 404, not the page: a stale script must fail loudly, not as HTML.
    const pathname = request.url.split("?")[0];
    const isPage = serveApp && request.method === "GET" && !isApiUrl(pathname) && !/\.[a-z0-9]+$/i.test(pathname);
    // Client routes (/login, /dashboard, ...) all load the one page; the router takes over there.
    // The page names the current build's scripts: always asked again (the static plugin would say max-age=0, public).
    if (isPage) return reply.header("cache-control", "no-cache").sendFile("index.html", { cacheControl: false });
    const allowed = isApiUrl(pathname) ? allowedMethods(app, pathname) : [];
    if (allowed.length > 0) {
      const allow = allowed.join(", ");
      return reply.code(405).header("allow", allow).send({ message: request.t("errors.methodNotAllowed", { method: request.method, allowed: allow }) });
    }
    return reply.code(404).send({ message: request.t("errors.notFound") });
  });
  return app;
}
