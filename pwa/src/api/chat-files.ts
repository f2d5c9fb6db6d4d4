import { CHAT_FILE_CACHE } from '../../../schema/constants.ts';
import { storedToken } from './client.ts';

/**
 * Chat files are the two people's only (issue 21): the server serves /uploads/chat/… to a signed-in
 * member of the conversation, so the app fetches them with its token instead of pointing an <img> at the
 * path. The service worker keeps what was opened in its own cache (vite.config.ts), read offline and
 * emptied when the person signs out (db/boot.ts).
 */

/** True for the paths the server guards: everything else (a device's blob: preview) is used as it is. */
export const isPrivateChatFile = (path: string): boolean => path.startsWith('/uploads/chat/');

/** The file's bytes, fetched with the person's token; rejects when it cannot be had (gone, offline). */
export async function fetchChatFile(path: string): Promise<Blob> {
  const token = storedToken();
  const res = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`chat file ${res.status}`);
  return res.blob();
}

/** Signing out: what this device kept of the person's chat files leaves with them. */
export async function forgetChatFiles(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(CHAT_FILE_CACHE).catch(() => false);
}
