import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);

  // Graceful shutdown: stop accepting, let running requests finish, close the database.
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal} received, shutting down`);
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      app.close().then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }

  const listening = performance.now();
  await app.listen({ port: config.port, host: config.host });
  const startup = {
    ...app.startupPhases,
    listen: Math.round(performance.now() - listening),
    total: Math.round(performance.now()),
    database: app.database.createdFrom ?? app.database.kind,
  };
  // One line that says where the start-up went (the bench's startup scenario prints it).
  app.log.info({ startup }, 'start-up phases (ms)');
  if (!config.webDist) app.log.warn('web app not built: serving the API only (run npm run build)');
  app.log.info(`Closia is ready on ${config.appUrl}`);
  // The built server's loader writes its code cache then (scripts/main-loader.mjs).
  (process as NodeJS.EventEmitter).emit('closia:listening');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
