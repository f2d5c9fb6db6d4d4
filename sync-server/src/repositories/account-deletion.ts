import type { Db } from '../plugins/db.ts';

export type DeletionResult = { announcementIds: string[]; favoriteIds: string[]; files: string[] };

/**
 * Removes a person's data in one transaction (called inside it, with the seq source): their
 * announcements, favourites, draft, reviews (written and received), notifications and conversation list
 * become tombstones, so every device drops them; sessions go; the user row is scrubbed to a tombstone
 * (the email is freed). Messages stay: they are also the other participant's conversation.
 */
export function deleteAccountData(db: Db, userId: string, seq: () => number): DeletionResult {
  const c = db.$client;
  const user = c.prepare('SELECT avatar FROM users WHERE id = ?').get(userId) as
    | { avatar: string | null }
    | undefined;
  const anns = c
    .prepare('SELECT id, images FROM announcements WHERE owner_id = ? AND deleted = 0')
    .all(userId) as { id: string; images: string }[];
  const favs = c
    .prepare('SELECT announcement_id AS id FROM favorites WHERE user_id = ? AND deleted = 0')
    .all(userId) as { id: string }[];
  const each = (sql: string, ids: string[]) => {
    const stmt = c.prepare(sql);
    for (const id of ids) stmt.run(seq(), id);
  };
  const ids = (sql: string, ...args: unknown[]) =>
    (c.prepare(sql).all(...args) as { id: string }[]).map((r) => r.id);

  each(
    "UPDATE announcements SET deleted = 1, images = '[]', title = '', description = '', contact_person = '', contact_email = '', contact_phone = '', seq = ? WHERE id = ?",
    anns.map((a) => a.id),
  );
  const favStmt = c.prepare(
    'UPDATE favorites SET deleted = 1, seq = ? WHERE user_id = ? AND announcement_id = ?',
  );
  for (const f of favs) favStmt.run(seq(), userId, f.id);
  c.prepare(
    "UPDATE drafts SET deleted = 1, title = '', description = '', contact_person = '', contact_email = '', contact_phone = '', seq = ? WHERE user_id = ?",
  ).run(seq(), userId);
  each(
    "UPDATE reviews SET deleted = 1, comment = '', likes = '[]', seq = ? WHERE id = ?",
    ids('SELECT id FROM reviews WHERE (author_id = ? OR user_id = ?) AND deleted = 0', userId, userId),
  );
  each(
    'UPDATE notifications SET deleted = 1, seq = ? WHERE id = ?',
    ids('SELECT id FROM notifications WHERE user_id = ? AND deleted = 0', userId),
  );
  const memberStmt = c.prepare(
    'UPDATE conversation_members SET deleted = 1, seq = ? WHERE user_id = ? AND conversation_id = ?',
  );
  for (const conv of c
    .prepare('SELECT conversation_id AS id FROM conversation_members WHERE user_id = ? AND deleted = 0')
    .all(userId) as { id: string }[]) {
    memberStmt.run(seq(), userId, conv.id);
  }
  c.prepare('DELETE FROM sessions WHERE user_id = ?').run(userId);
  // Who uploaded which chat file is the person's data too (the files stay: messages are shared).
  c.prepare('DELETE FROM chat_uploads WHERE user_id = ?').run(userId);
  c.prepare(
    "UPDATE users SET deleted = 1, email = ?, password_hash = '!', first_name = '', last_name = '', phone = '', localitate = '', avatar = NULL, seq = ? WHERE id = ?",
  ).run(`deleted-${userId}@hobbiz.invalid`, seq(), userId);

  const files = anns.flatMap((a) => JSON.parse(a.images) as string[]);
  if (user?.avatar) files.push(user.avatar);
  return { announcementIds: anns.map((a) => a.id), favoriteIds: favs.map((f) => f.id), files };
}

/** The erasure above as a repository over one database handle (services call it inside their write). */
export function accountDeletionRepository(db: Db) {
  return { erase: (userId: string, seq: () => number) => deleteAccountData(db, userId, seq) };
}
export type AccountDeletionRepository = ReturnType<typeof accountDeletionRepository>;
