import type { WriteKind } from '../constants.ts';
import { pluralRo } from '../format.ts';

/** What a refused write says, per kind (WRITE_LIMITS in constants.ts); the wait is added by the helper. */
export const WRITE_LIMIT_MESSAGES: Record<WriteKind, string> = {
  messages: 'Ai trimis prea multe mesaje într-un timp scurt.',
  chat: 'Prea multe acțiuni în conversații într-un timp scurt.',
  uploads: 'Ai încărcat prea multe fișiere într-un timp scurt.',
  photos: 'Ai încărcat prea multe fotografii într-un timp scurt.',
  publish: 'Ai publicat prea multe anunțuri într-un timp scurt.',
  announcements: 'Ai modificat anunțurile de prea multe ori într-un timp scurt.',
  reviews: 'Prea multe acțiuni pe recenzii într-un timp scurt.',
  favorites: 'Ai modificat favoritele de prea multe ori într-un timp scurt.',
  drafts: 'Ciorna a fost salvată de prea multe ori într-un timp scurt.',
  notifications: 'Prea multe modificări ale notificărilor într-un timp scurt.',
  account: 'Prea multe modificări ale contului într-un timp scurt.',
  reports: 'Ai trimis prea multe raportări într-un timp scurt.',
  blocks: 'Ai blocat sau deblocat prea multe persoane într-un timp scurt.',
  register: 'Prea multe conturi create de la această adresă într-un timp scurt.',
};

/** 'peste 40 de secunde', 'peste 1 minut', 'peste 12 minute': the wait, rounded up. */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `peste ${pluralRo(s, 'secundă', 'secunde', 'de secunde')}`;
  return `peste ${pluralRo(Math.ceil(s / 60), 'minut', 'minute', 'de minute')}`;
}

/** The full Romanian answer to a refused write: what happened and when to try again. */
export function writeLimitMessage(kind: WriteKind, retryAfterSeconds: number): string {
  return `${WRITE_LIMIT_MESSAGES[kind]} Încearcă din nou ${waitText(retryAfterSeconds)}.`;
}
