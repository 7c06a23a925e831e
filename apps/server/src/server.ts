import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

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
  const { mkdirSync } = await import('node:fs');
  mkdirSync(config.dataDir, { recursive: true });
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
  console.error(error);
  process.exit(1);
});
