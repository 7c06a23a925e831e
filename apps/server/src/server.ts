import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { isStorageFault, storageProblem } from './db/dialect.ts';

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
  const problem = storageProblem(config.database, config.dataDir);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  const app = await buildApp(config);
  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`SIM shop at ${config.publicUrl ?? `http://localhost:${config.port}`}/shop/`);
}

main().catch((error) => {
  // A database that cannot take writes is the operator's to fix: one line, no stack.
  if (isStorageFault(error))
    console.error(`cannot start: the database refused: ${(error as Error).message} (${(error as { code: string }).code})`);
  else console.error(error);
  process.exit(1);
});
