import { resolve } from 'node:path';

/** Configuration, read and validated once. Nothing else in the server reads process.env. */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** Built PWA to serve; null in tests that only exercise the API. */
  staticDir: string | null;
  logLevel: string;
  /** Seconds a socket may stay silent before it must authenticate. */
  socketAuthTimeoutMs: number;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT invalid: ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    staticDir: resolve(env.STATIC_DIR ?? './dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    socketAuthTimeoutMs: 5000,
  };
}
