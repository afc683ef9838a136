import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import pino from 'pino';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import type { TemplateManifest } from './db/pglite-template';
import { setCrmCacheTtl } from './lib/crm-cache';
import { redactForLog } from './lib/log-redaction';
import { responseSerializerCompiler } from './lib/response-serializer';
import { setSearchCacheTtl } from './lib/result-cache';
import { zodValidatorCompiler } from './lib/validation';
import { adminRoutes } from './modules/admin/admin.routes';
import { advertisementsRoutes } from './modules/advertisements/advertisements.routes';
import { articlePagesRoutes } from './modules/articles/article-pages';
import { articlesRoutes } from './modules/articles/articles.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { webinarPaymentsRoutes } from './modules/billing/webinar-payments.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { dealsRoutes } from './modules/deals/deals.routes';
import { favoritesRoutes } from './modules/favorites/favorites.routes';
import { freelancersRoutes } from './modules/freelancers/freelancers.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { missionsRoutes } from './modules/missions/missions.routes';
import { reportsRoutes } from './modules/moderation/reports.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { pictureRoutes } from './modules/pictures/pictures.routes';
import { postsRoutes } from './modules/posts/posts.routes';
import { profileRoutes } from './modules/profiles/profiles.routes';
import { prospectsRoutes } from './modules/prospects/prospects.routes';
import { referenceRoutes } from './modules/reference/reference.routes';
import { roadmapRoutes } from './modules/roadmap/roadmap.routes';
import { servicesRoutes } from './modules/services/services.routes';
import { statsRoutes } from './modules/stats/stats.routes';
import { faqRoutes } from './modules/support/faq.routes';
import { supportTicketsRoutes } from './modules/support/tickets.routes';
import { systemRoutes } from './modules/system/system.routes';
import { invitationLinkRoutes } from './modules/teams/invitation-links.routes';
import { teamsRoutes } from './modules/teams/teams.routes';
import { userRoutes } from './modules/users/users.routes';
import { webinarJobHandlers } from './modules/webinars/webinar-jobs';
import { webinarJoinRoutes, webinarsRoutes } from './modules/webinars/webinars.routes';
import { csrfPlugin } from './plugins/csrf';
import { dbPlugin } from './plugins/db';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors';
import { idempotencyPlugin } from './plugins/idempotency';
import { invalidationPlugin } from './plugins/invalidation';
import { jobsPlugin } from './plugins/jobs';
import { loginBackoffPlugin } from './plugins/login-backoff';
import { mailerPlugin } from './plugins/mailer';
import { metricsPlugin } from './plugins/metrics';
import { notifierPlugin } from './plugins/notifier';
import { rateLimitPlugin } from './plugins/rate-limit';
import { realtimePlugin } from './plugins/realtime';
import { redisPlugin } from './plugins/redis';
import { requestLogPlugin } from './plugins/request-log';
import { securityHeadersPlugin } from './plugins/security-headers';
import { sessionPlugin } from './plugins/session';
import { storagePlugin } from './plugins/storage';
import { unitOfWorkPlugin } from './plugins/unit-of-work';
import { webPlugin } from './plugins/web';
import { seed } from './seed';
import { seedState } from './seed/marker';
import { shiftDemoDates } from './seed/shift';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Milliseconds each start-up phase took (main.ts logs them once listening). */
    startupPhases: Record<string, number>;
  }
}

export interface BuildOptions {
  /** An already opened (and migrated) database; otherwise one is opened, migrated and seeded. */
  database?: Database;
  /** Where log lines go (default: stdout); tests read the log through it. */
  logStream?: { write(line: string): void };
}

export type App = FastifyInstance;

/** Builds the whole application for a configuration; tests build one per file. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]'],
      // Whoever logs `{ err }`, a database error never writes the values of its query.
      serializers: { err: (err: unknown) => pino.stdSerializers.err(redactForLog(err) as Error) },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // One line per request, written by the request-log plugin (API at info, the rest at debug).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Every answer in the envelope, including the router's and Node's parser's refusals and the
    // 503 of a server shutting down (plugins/errors.ts).
    frameworkErrors,
    clientErrorHandler,
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(zodValidatorCompiler);
  // Answers written from their schema by fast-json-stringify; under test, checked against Zod too.
  app.setSerializerCompiler(responseSerializerCompiler({ check: config.env === 'test' }));
  app.decorate('config', config);

  // From the process's start: Node's own and the bundle's loading.
  let last = performance.now();
  const phases: Record<string, number> = { load: Math.round(last) };
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round(now - last);
    last = now;
  };
  let database = options.database;
  if (!database) {
    // With the demo, a fresh embedded database starts from the build's template that holds it.
    const demo = {
      adjust: async (opened: Database, seededAt: Date, manifest: TemplateManifest) => {
        await shiftDemoDates(opened, seededAt, new Date(), manifest.demoDateColumns);
      },
    };
    database = await openDatabase(config.database, config.seedDemo ? { demo } : {});
    phase('open');
    await database.migrate();
    phase('migrate');
    // Skipped on a restart of the same build (seed/marker.ts).
    const dataDir = config.database.kind === 'pglite' ? config.database.dataDir : null;
    const state = seedState(dataDir === 'memory' ? null : dataDir, database);
    if (!state?.done(config.seedDemo)) await seed(database.db, { demo: config.seedDemo, log: app.log });
    state?.record(config.seedDemo);
    phase('seed');
  }

  // First: its request hook runs even when a later one refuses the request (plugins/security-headers.ts).
  await app.register(securityHeadersPlugin);
  await app.register(errorsPlugin);
  await app.register(requestLogPlugin);
  await app.register(fastifyCookie);
  await app.register(dbPlugin, { database });
  setSearchCacheTtl(app.db, config.searchCacheTtlMs);
  setCrmCacheTtl(app.db, config.crmCacheTtlMs);
  await app.register(redisPlugin);
  await app.register(invalidationPlugin);
  await app.register(rateLimitPlugin);
  await app.register(loginBackoffPlugin);
  await app.register(metricsPlugin);
  await app.register(sessionPlugin);
  await app.register(csrfPlugin);
  await app.register(idempotencyPlugin);
  await app.register(mailerPlugin);
  await app.register(storagePlugin);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Closia API',
        version: '1.0.0',
        description: 'Marketplace et CRM pour la vente de formations.',
      },
      servers: [{ url: config.appUrl }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'closia_session' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  // After the OpenAPI plugin, so that its routes are documented (and fuzzed by the bad-input test).
  await app.register(realtimePlugin);
  await app.register(notifierPlugin);
  await app.register(unitOfWorkPlugin);
  await app.register(jobsPlugin, { handlers: { ...webinarJobHandlers } });

  await app.register(systemRoutes);
  await app.register(authRoutes, { prefix: '/api/v1/auth' });
  await app.register(userRoutes, { prefix: '/api/v1' });
  await app.register(referenceRoutes, { prefix: '/api/v1' });
  await app.register(pictureRoutes, { prefix: '/api/v1' });
  await app.register(profileRoutes, { prefix: '/api/v1' });
  await app.register(adminRoutes, { prefix: '/api/v1/admin' });
  await app.register(servicesRoutes, { prefix: '/api/v1' });
  await app.register(missionsRoutes, { prefix: '/api/v1' });
  await app.register(freelancersRoutes, { prefix: '/api/v1' });
  await app.register(favoritesRoutes, { prefix: '/api/v1' });
  await app.register(advertisementsRoutes, { prefix: '/api/v1' });
  await app.register(prospectsRoutes, { prefix: '/api/v1' });
  await app.register(dealsRoutes, { prefix: '/api/v1' });
  await app.register(statsRoutes, { prefix: '/api/v1' });
  await app.register(dashboardRoutes, { prefix: '/api/v1' });
  await app.register(notificationsRoutes, { prefix: '/api/v1' });
  await app.register(messagesRoutes, { prefix: '/api/v1' });
  await app.register(teamsRoutes, { prefix: '/api/v1' });
  await app.register(postsRoutes, { prefix: '/api/v1' });
  await app.register(reportsRoutes, { prefix: '/api/v1' });
  await app.register(roadmapRoutes, { prefix: '/api/v1' });
  await app.register(invitationLinkRoutes, { prefix: '/api/v1' });
  await app.register(billingRoutes, { prefix: '/api/v1' });
  await app.register(webinarsRoutes, { prefix: '/api/v1' });
  await app.register(webinarPaymentsRoutes, { prefix: '/api/v1' });
  await app.register(articlesRoutes, { prefix: '/api/v1' });
  await app.register(faqRoutes, { prefix: '/api/v1' });
  await app.register(supportTicketsRoutes, { prefix: '/api/v1' });
  await app.register(webinarJoinRoutes);
  // The public pages for machines (head and content in index.html), the sitemap and the feeds.
  await app.register(articlePagesRoutes);
  await app.register(webPlugin);
  phase('plugins');
  app.decorate('startupPhases', phases);

  return app;
}
