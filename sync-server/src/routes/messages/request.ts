import type { FastifyRequest } from 'fastify';
import { sendJsonBody } from '../../../../schema/api/messages.ts';
import { LIMITS } from '../../../../schema/constants.ts';
import { textWithoutNul } from '../../../../schema/rules/common.ts';
import { ATTACHMENT_MESSAGES, MESSAGE_MESSAGES } from '../../../../schema/rules/messages.ts';
import type { AttachmentKind } from '../../services/rest-attachments.ts';
import { HttpError, httpError } from '../../services/rest-http.ts';

/** Reading a message sent over REST: JSON or multipart with one attachment, checked by content. */
export const REST_MESSAGE_MESSAGES = {
  messageNotFound: 'Mesajul nu a fost găsit.',
  conversationsNotFound: 'Conversațiile nu au fost găsite.',
  deleted: 'Mesaj șters.',
  markedRead: 'Conversația a fost marcată ca citită.',
  invalid: 'Mesaj invalid.',
  invalidReaction: 'Alege o reacție validă.',
  oneFile: 'Poți atașa un singur fișier.',
} as const;

/** The form's text fields: the JSON body's (schema/api), plus the attachment's original name. */
export const MULTIPART_FIELDS = new Set([...Object.keys(sendJsonBody.shape), 'imageFile']);
/**
 * The multipart file fields the attachment may come in: `image` (spec) or `imageFile`. A text `imageFile`
 * is the original name (spec doc 2 §3); the file itself is stored under a random name, and the name is
 * kept only as the message's `fileName`, fitted to the shared rule (fitAttachmentName).
 */
const FILE_FIELDS = new Set(['image', 'imageFile']);

export type SendFields = {
  announcementId: string;
  /** A reply from a chat page may name only its conversation (issue 25): resolved by the route. */
  conversationId: string;
  destinatarId: string;
  text: string;
  replyTo: unknown;
  /** The attachment's original name as sent (the `imageFile` field, else the file part's name). */
  fileName: string;
};
export type Attachment = { buf: Buffer; kind: AttachmentKind };

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** What a message sent over REST says, from its JSON body or its form's fields (the same names). */
export function sendFieldsOf(body: Record<string, unknown> | undefined, fileName = ''): SendFields {
  const b = body ?? {};
  return {
    announcementId: str(b.announcementId),
    conversationId: str(b.conversationId),
    destinatarId: str(b.destinatarId),
    text: str(b.text),
    replyTo: b.replyTo,
    fileName,
  };
}

/** The message form's fields and file; a form it cannot take is refused (thrown as its HTTP error). */
export async function readMultipart(
  request: FastifyRequest,
): Promise<{ fields: SendFields; file: Buffer | null }> {
  const raw: Record<string, string> = {};
  let file: Buffer | null = null;
  let partName = '';
  let truncated = false;
  try {
    const parts = request.parts({
      limits: { fileSize: LIMITS.attachmentMaxBytes, files: 2, fields: 20, fieldSize: 20_000 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const buf = await part.toBuffer();
        // A browser sends an empty part (no file name) for an empty file input: that is "no file".
        if (!FILE_FIELDS.has(part.fieldname) || buf.length === 0) continue;
        if (file) throw httpError(400, REST_MESSAGE_MESSAGES.oneFile, 'too_many_files');
        file = buf;
        partName = part.filename ?? '';
      } else if (MULTIPART_FIELDS.has(part.fieldname) && typeof part.value === 'string') {
        raw[part.fieldname] = textWithoutNul(part.value);
        truncated ||= part.valueTruncated;
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw httpError(413, ATTACHMENT_MESSAGES.tooLarge, 'file_too_large');
    if (code === 'FST_FILES_LIMIT') throw httpError(400, REST_MESSAGE_MESSAGES.oneFile, 'too_many_files');
    // Any other failure to read the form (broken off, malformed) is the sender's: a 400, never a 500.
    request.log.info({ err }, 'message form refused');
    throw httpError(400, REST_MESSAGE_MESSAGES.invalid, 'validation');
  }
  if (truncated) throw httpError(400, MESSAGE_MESSAGES.tooLong, 'validation');
  let replyTo: unknown = null;
  if (raw.replyTo) {
    try {
      replyTo = JSON.parse(raw.replyTo);
    } catch {
      throw httpError(400, REST_MESSAGE_MESSAGES.invalid, 'validation');
    }
  }
  return { fields: sendFieldsOf({ ...raw, replyTo }, str(raw.imageFile) || partName), file };
}
