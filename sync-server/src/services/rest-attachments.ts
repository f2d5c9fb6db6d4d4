import { randomBytes } from 'node:crypto';
import { IMAGE_WIDTHS, imageVariant } from '../../../schema/images.ts';
import { ATTACHMENT_KINDS, type AttachmentKind } from '../../../schema/rules/messages.ts';
import { type FileStorage, uploadKey } from '../lib/file-storage.ts';
import { storeImage } from './images.ts';

export { ATTACHMENT_MESSAGES } from '../../../schema/rules/messages.ts';
export type { AttachmentKind };

const startsWith = (buf: Buffer, bytes: number[], at = 0) =>
  buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * Names of the entries of a ZIP archive, read from its central directory; null when the archive is
 * malformed. Reading the directory (not searching the bytes) means compressed data cannot fake an entry.
 */
export function zipEntryNames(buf: Buffer): string[] | null {
  const EOCD = 0x06054b50;
  const CDH = 0x02014b50;
  const minEocd = 22;
  if (buf.length < minEocd) return null;
  // The end-of-central-directory record sits in the last 22 bytes plus an optional comment (≤ 65535).
  const floor = Math.max(0, buf.length - minEocd - 0xffff);
  let eocd = -1;
  for (let i = buf.length - minEocd; i >= floor; i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CDH) return null;
    const nameLen = buf.readUInt16LE(at + 28);
    const extraLen = buf.readUInt16LE(at + 30);
    const commentLen = buf.readUInt16LE(at + 32);
    if (at + 46 + nameLen > buf.length) return null;
    names.push(buf.toString('utf8', at + 46, at + 46 + nameLen));
    at += 46 + nameLen + extraLen + commentLen;
  }
  return names;
}

function isUtf8Text(buf: Buffer): boolean {
  if (buf.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
}

/**
 * What a file is, decided by its content (magic bytes), never by its name or declared type: a PNG renamed
 * .jpg is a PNG, an executable renamed .pdf is refused. Null for anything the spec does not allow.
 */
export function sniffAttachment(buf: Buffer): AttachmentKind | null {
  if (buf.length === 0) return null;
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return 'gif';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(buf, ascii('%PDF-'))) return 'pdf';
  // OLE2 compound file: the legacy Word (.doc) container.
  if (startsWith(buf, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc';
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) {
    const names = zipEntryNames(buf);
    const docx = names?.includes('[Content_Types].xml') && names.some((n) => n.startsWith('word/'));
    return docx ? 'docx' : null;
  }
  return isUtf8Text(buf) ? 'txt' : null;
}

export const isImageKind = (kind: AttachmentKind) => ATTACHMENT_KINDS[kind].image;

/** The uploads folder of chat files. */
export const CHAT_FOLDER = 'chat';
/** The only paths storeAttachment gives chat files: a random name, the extension of the stored kind. */
const CHAT_PATH = new RegExp(`^/uploads/${CHAT_FOLDER}/[0-9a-f]{32}\\.(jpg|pdf|doc|docx|txt)$`);
export const isChatUploadPath = (path: string) => CHAT_PATH.test(path);

/**
 * Stores a checked attachment under <uploads>/<folder>/ with a random name and returns its public
 * /uploads/... path. Images are re-encoded (EXIF/GPS dropped, pixel limit) by storeImage; other files are
 * written as they came, under the extension of their detected kind. Throws when an image cannot be decoded.
 */
export async function storeAttachment(
  buf: Buffer,
  kind: AttachmentKind,
  storage: FileStorage,
  folder: string,
): Promise<string> {
  const name = randomBytes(16).toString('hex');
  if (isImageKind(kind)) return storeImage(buf, storage, folder, name);
  await storage.put(`${folder}/${name}.${kind}`, buf);
  return `/uploads/${folder}/${name}.${kind}`;
}

/** Best effort: removes a stored attachment (and an image's size variants) that ended up unused. */
export async function removeAttachment(storage: FileStorage, publicPath: string): Promise<void> {
  const key = uploadKey(publicPath);
  if (!key) return;
  const variants = key.endsWith('.jpg')
    ? IMAGE_WIDTHS.map((w) => uploadKey(imageVariant(publicPath, w)))
    : [];
  await storage.delete([key, ...variants.filter((k): k is string => !!k)]);
}
