import type { MessageDoc } from '../../../../schema/entities.ts';
import { api } from '../../api/client.ts';

/** The rules live in schema/ (the server sorts files into the same kinds by their content). */
export {
  ATTACHMENT_ACCEPT,
  attachmentLabel,
  attachmentPreview,
  checkAttachmentCandidate as checkAttachment,
  isImageAttachmentPath as isImagePath,
} from '../../../../schema/rules/messages.ts';

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
