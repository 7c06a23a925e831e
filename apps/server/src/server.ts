import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { isStorageFault, storageProblem } from './db/dialect.ts';
import { uploadDirProblem } from './modules/uploads/service.ts';

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
  // The database (SQLite's file and directory) and the uploads' directory must take writes.
  const problem = storageProblem(config.database, config.dataDir) ?? uploadDirProblem(config);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  const app = await buildApp(config);
  // SIGTERM/SIGINT: stop accepting connections, let the requests under way finish (their
  // transactions commit and their replies go out; new requests on open connections get 503), stop
  // the background jobs once their runs end, then close the database. A second signal, or a drain
  // longer than SHUTDOWN_GRACE_SECONDS, exits at once.
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests under way');
    const timer = setTimeout(() => {
      app.log.error(`requests still running after ${config.shutdownGraceMs / 1000} s: exiting anyway`);
      process.exit(1);
    }, config.shutdownGraceMs);
    timer.unref();
    try {
      await app.close();
      app.log.info('shut down cleanly');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `SIM shop at ${config.publicUrl ?? `${config.tls ? 'https' : 'http'}://localhost:${config.port}`}/shop/ (Node ${process.version})`,
  );
}

main().catch((error) => {
  // A database that cannot take writes is the operator's to fix: one line, no stack.
  if (isStorageFault(error)) {
    const code = (error as { code?: string }).code;
    console.error(`cannot start: the database refused: ${(error as Error).message}${code ? ` (${code})` : ''}`);
  } else console.error(error);
  process.exit(1);
});
