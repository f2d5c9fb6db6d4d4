import { LIMITS } from '../../../../schema/constants.ts';
import type { MessageDoc } from '../../../../schema/entities.ts';
import { ATTACHMENT_MESSAGES } from '../../../../schema/rules/messages.ts';
import { api } from '../../api/client.ts';

/** Spec doc 2 §5: jpeg, png, gif, webp, pdf, plain text, msword, docx (the server checks the content). */
const ALLOWED_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
]);
/** Some systems give no type for Word files: the extension decides then. */
const ALLOWED_EXTENSIONS = /\.(jpe?g|png|gif|webp|pdf|txt|docx?)$/i;

export const ATTACHMENT_ACCEPT = [...ALLOWED_TYPES, '.doc', '.docx', '.txt', '.pdf'].join(',');

/** The composer's check before anything is sent: the spec's two messages, or null. */
export function checkAttachment(file: { name: string; size: number; type: string }): string | null {
  if (file.size > LIMITS.attachmentMaxBytes) return ATTACHMENT_MESSAGES.tooLarge;
  const typeOk = file.type ? ALLOWED_TYPES.has(file.type) : ALLOWED_EXTENSIONS.test(file.name);
  return typeOk ? null : ATTACHMENT_MESSAGES.unsupported;
}

/** Whether a stored attachment is shown as a picture (images are re-encoded; files keep their kind). */
export function isImagePath(path: string): boolean {
  return /\.(jpe?g|png|gif|webp)$/i.test(path);
}

/** The name shown for a file attachment: 'document.pdf' style, from its stored path. */
export function attachmentLabel(path: string): string {
  const ext = path.split('.').pop()?.toUpperCase() ?? '';
  return ext ? `Fișier ${ext}` : 'Fișier';
}

/**
 * Sends a message with an attachment over REST (the file must reach the server before the message can
 * exist). The message then arrives in the local database by replication like any other.
 */
export async function sendAttachmentMessage(input: {
  announcementId: string;
  recipientId: string;
  text: string;
  file: File;
  replyTo: MessageDoc['replyTo'];
}): Promise<void> {
  const form = new FormData();
  form.append('announcementId', input.announcementId);
  form.append('destinatarId', input.recipientId);
  form.append('text', input.text);
  if (input.replyTo) form.append('replyTo', JSON.stringify(input.replyTo));
  form.append('imageFile', input.file.name);
  form.append('image', input.file, input.file.name);
  await api('/api/messages', { method: 'POST', body: form });
}
