import { LIMITS } from '../constants.ts';

/** Chat rules shared by the composer and the server. */
export const MESSAGE_LIMITS = { textMax: 5000, previewChars: 120 } as const;

export const MESSAGE_MESSAGES = {
  empty: 'Scrie un mesaj sau atașează o imagine.',
  tooLong: `Mesajul nu poate depăși ${MESSAGE_LIMITS.textMax} de caractere.`,
  notFound: 'Conversația nu a fost găsită.',
  ownAnnouncement: 'Nu îți poți trimite mesaje pe propriul anunț.',
  notParticipant: 'Nu faci parte din această conversație.',
  onlySenderDeletes: 'Poți șterge doar mesajele tale.',
  announcementMissing: 'Anunțul nu a fost găsit',
} as const;

/** Spec doc 2 §3: the popup's conversation id is seller, buyer and announcement joined with '-'. */
export function conversationId(sellerId: string, buyerId: string, announcementId: string): string {
  return `${sellerId}-${buyerId}-${announcementId}`;
}

/**
 * A message's preview in notifications and the conversation list. Without text: 'Imagine' for a picture,
 * 'Fișier: Ofertă.pdf' for another file (its kind, 'Fișier PDF', when no name travelled with it).
 */
export function messagePreview(text: string, image: string, fileName = ''): string {
  const t = text.trim().replace(/\s+/g, ' ');
  if (!t) return image ? attachmentPreview(image, fileName) : '';
  return t.length > MESSAGE_LIMITS.previewChars ? `${t.slice(0, MESSAGE_LIMITS.previewChars - 1)}…` : t;
}

/** A text-less attachment in a preview or a quote: 'Imagine', or the file's name or kind. */
export function attachmentPreview(image: string, fileName = ''): string {
  if (isImageAttachmentPath(image)) return 'Imagine';
  return fileName ? `Fișier: ${fileName}` : attachmentLabel({ image, fileName });
}

/**
 * The name shown for a file attachment: the name it was sent with ('Ofertă.pdf'); for a message from
 * before names travelled, its kind from the stored path ('Fișier PDF').
 */
export function attachmentLabel(m: { image: string; fileName: string }): string {
  if (m.fileName) return m.fileName;
  const ext = extensionOf(m.image).toUpperCase();
  return ext ? `Fișier ${ext}` : 'Fișier';
}

/** The composer's rule (spec doc 2 §5): trimmed text or an image. Returns a Romanian error or null. */
export function validateMessageBody(text: string, image: string): string | null {
  if (!text.trim() && !image) return MESSAGE_MESSAGES.empty;
  if (text.length > MESSAGE_LIMITS.textMax) return MESSAGE_MESSAGES.tooLong;
  return null;
}

/**
 * Spec doc 2 §5: what a chat attachment may be — jpeg, png, gif, webp, pdf, plain text, msword, docx —
 * with the type a browser declares for it and its file extensions. The composer checks the declared type
 * (or, when a system gives none, the extension); the server decides by the content, into the same kinds.
 */
export const ATTACHMENT_KINDS = {
  jpeg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'], image: true },
  png: { mime: 'image/png', extensions: ['png'], image: true },
  gif: { mime: 'image/gif', extensions: ['gif'], image: true },
  webp: { mime: 'image/webp', extensions: ['webp'], image: true },
  pdf: { mime: 'application/pdf', extensions: ['pdf'], image: false },
  txt: { mime: 'text/plain', extensions: ['txt'], image: false },
  doc: { mime: 'application/msword', extensions: ['doc'], image: false },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
    image: false,
  },
} as const;

export type AttachmentKind = keyof typeof ATTACHMENT_KINDS;

const kinds = Object.values(ATTACHMENT_KINDS);
const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/** The file picker's `accept`: every declared type and every extension. */
export const ATTACHMENT_ACCEPT = [
  ...kinds.map((k) => k.mime),
  ...kinds.flatMap((k) => k.extensions.map((e) => `.${e}`)),
].join(',');

/** The composer's check of a chosen file (size, then declared type or extension): a message, or null. */
export function checkAttachmentCandidate(file: { name: string; size: number; type: string }): string | null {
  if (file.size > LIMITS.attachmentMaxBytes) return ATTACHMENT_MESSAGES.tooLarge;
  const ext = extensionOf(file.name);
  const typeOk = file.type
    ? kinds.some((k) => k.mime === file.type)
    : kinds.some((k) => (k.extensions as readonly string[]).includes(ext));
  return typeOk ? null : ATTACHMENT_MESSAGES.unsupported;
}

/** Whether a stored attachment is shown as a picture (by the extension the server gave it). */
export function isImageAttachmentPath(path: string): boolean {
  const ext = extensionOf(path);
  return kinds.some((k) => k.image && (k.extensions as readonly string[]).includes(ext));
}

/** Spec doc 2 §5: the chat attachment messages (the composer checks first, the server checks content). */
export const ATTACHMENT_MESSAGES = {
  tooLarge: `Fișierul este prea mare. Mărimea maximă permisă este ${LIMITS.attachmentMaxBytes / (1024 * 1024)}MB.`,
  unsupported: 'Tipul de fișier nu este suportat. Poți încărca imagini, PDF-uri sau documente Word.',
  /** A message pointing at a file the server did not store for its sender (sync push). */
  missing: 'Fișierul atașat nu a fost găsit. Atașează-l din nou.',
  /** A file name that is not what the shared rule makes of it (sync push), or a name with no file. */
  badName: 'Numele fișierului nu este valid.',
} as const;

/**
 * What is never kept in a file name shown to the other person: control characters (Cc) and format
 * characters (Cf: the bidirectional overrides and isolates, which can show 'fdp.exe' as 'exe.pdf', and the
 * zero-width ones). Path separators go with the path (only the last part is kept).
 */
const UNSAFE_NAME_CHARS = /[\p{Cc}\p{Cf}]/gu;
const kindOfExtension = (ext: string) =>
  kinds.find((k) => (k.extensions as readonly string[]).includes(ext.toLowerCase()));

/**
 * The name an attachment is shown under, made from what the sender's device called the file and the path
 * the server stored it at: the last part of a path only, unsafe characters dropped, spaces collapsed, no
 * leading dots, at most LIMITS.attachmentNameMax characters, and an extension of the stored file's kind
 * (a PDF is never shown as 'x.exe'). Applying it twice changes nothing; '' when nothing usable is left.
 */
export function fitAttachmentName(raw: string, path: string): string {
  const last = raw.split(/[/\\]/).pop() ?? '';
  let name = last
    .normalize('NFC')
    .replace(UNSAFE_NAME_CHARS, '')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .trim();
  const stored = extensionOf(path);
  if (!name || !stored) return '';
  if (kindOfExtension(extensionOf(name)) !== kindOfExtension(stored)) name = `${name}.${stored}`;
  const chars = [...name];
  if (chars.length > LIMITS.attachmentNameMax) {
    const tail = `.${extensionOf(name)}`;
    name = `${chars
      .slice(0, LIMITS.attachmentNameMax - tail.length - 1)
      .join('')
      .trimEnd()}…${tail}`;
  }
  return name;
}

/** The server's check of a name sent with a message over sync: '' or exactly what the rule makes of it. */
export function attachmentNameError(name: unknown, path: string): string | null {
  if (name === '' || name === undefined) return null;
  if (typeof name !== 'string' || !path || fitAttachmentName(name, path) !== name)
    return ATTACHMENT_MESSAGES.badName;
  return null;
}
