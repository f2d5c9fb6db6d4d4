import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3Config } from './config.ts';

/**
 * A throwaway S3-compatible server (the `s3rver` package, objects in a temp folder) for the S3 storage's
 * tests and the multi-instance run: `S3_*` settings of a bucket on it, and its stop.
 */
export type TestS3 = { config: S3Config; env: Record<string, string>; stop(): Promise<void> };

type S3rverInstance = { run(): Promise<{ port: number }>; close(): Promise<void> };
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

export async function startTestS3(bucket = 'hobbiz-uploads'): Promise<TestS3> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
  const directory = mkdtempSync(join(tmpdir(), 'hobbiz-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts its documented default credentials.
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  return {
    config: {
      bucket,
      endpoint,
      region: 'us-east-1',
      prefix: '',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    env,
    async stop() {
      await server.close().catch(() => {});
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
