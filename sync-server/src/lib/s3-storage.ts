import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config.ts';
import type { FileStorage, StoredFile } from './file-storage.ts';
import { isUploadKey } from './file-storage.ts';

/** Content types of what we store (the /uploads/ route sets its own; this is for the bucket's own serving). */
const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  webp: 'image/webp',
  png: 'image/png',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
};

const typeOf = (key: string) => TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/** S3 answers 404 as NoSuchKey (GetObject) or NotFound (HeadObject). */
const missing = (err: unknown) =>
  err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey');

/**
 * Uploads in an S3-compatible bucket (issue 22: several instances without a shared directory). Chosen by
 * S3_BUCKET (config.ts; docs/DEPLOY.md); keys are the same `<folder>/<name>.<ext>` as on disk, under an
 * optional prefix. The /uploads/ route streams what `get` returns, as it does for the local directory.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.prefix = config.prefix;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint ?? undefined,
      forcePathStyle: config.forcePathStyle,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
    });
  }

  private objectKey(key: string): string {
    if (!isUploadKey(key)) throw new Error(`invalid upload key: ${key}`);
    return `${this.prefix}${key}`;
  }

  async put(key: string, data: Buffer): Promise<void> {
    // One PutObject: the object appears whole or not at all.
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentType: typeOf(key),
      }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isUploadKey(key)) return null;
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return {
        stream: out.Body as Readable,
        size: out.ContentLength ?? 0,
        modifiedAt: out.LastModified?.getTime() ?? 0,
      };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isUploadKey(key)) return false;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (err) {
      if (missing(err)) return false;
      throw err;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    const objects = keys.map((k) => ({ Key: this.objectKey(k) }));
    // DeleteObjects takes at most 1,000 keys; keys that do not exist are fine.
    for (let i = 0; i < objects.length; i += 1000) {
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: objects.slice(i, i + 1000), Quiet: true },
        }),
      );
    }
  }

  close(): void {
    this.client.destroy();
  }
}
