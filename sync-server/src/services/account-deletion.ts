import { spelledContentWords, wordGroup } from '../../../schema/text.ts';
import type { FileStorage } from '../lib/file-storage.ts';
import type { UnitOfWork } from '../lib/unit-of-work.ts';
import type { RealtimeHub } from '../replication/hub.ts';
import type { AccountDeletionRepository } from '../repositories/account-deletion.ts';
import type { SearchRepository } from '../repositories/search.ts';
import type { SearchVocab } from '../repositories/search-vocab.ts';
import type { UsersRepository } from '../repositories/users.ts';
import type { FavoritesService } from './favorites.ts';
import { removeUploads } from './images.ts';

/**
 * 'Șterge contul': the person's data become tombstones in one write (see repositories/account-deletion.ts),
 * the counters of what they liked are recounted, every device is told, their sockets close; the files go
 * once all of that has committed.
 */
export function accountDeletionService(deps: {
  uow: UnitOfWork;
  hub: RealtimeHub;
  erasure: AccountDeletionRepository;
  users: UsersRepository;
  favorites: FavoritesService;
  storage: FileStorage;
  /** Issue 45: the person's words that no public announcement holds any more leave the suggestions. */
  search?: Pick<SearchRepository, 'texts'>;
  vocab?: Pick<SearchVocab, 'forget'>;
  /** The vocabulary's clean-up failed: logged; the account is deleted all the same. */
  onVocabError?: (err: unknown) => void;
}) {
  /**
   * After the erasure committed (the index no longer holds the person's texts): each word of their
   * announcements that no public announcement holds any more is taken out of the vocabulary, so typing
   * its beginning no longer offers it. One index lookup per distinct word; account deletion is rare.
   */
  async function forgetWords(texts: string[]): Promise<void> {
    const { search, vocab } = deps;
    if (!search || !vocab || texts.length === 0) return;
    const words = new Set<string>();
    for (const t of texts) for (const [w] of spelledContentWords(t)) words.add(w);
    const gone: string[] = [];
    for (const w of words)
      if ((await search.texts({ groups: [wordGroup(w, false)], not: [] }, 1)).length === 0) gone.push(w);
    if (gone.length > 0) await deps.uow.write(() => vocab.forget(gone));
  }

  return {
    async remove(userId: string): Promise<void> {
      const done = await deps.uow.write(async (tx) => {
        const result = await deps.erasure.erase(userId, tx.seq);
        // Social links, the Google picture and any reset code are the person's data too.
        await deps.users.forgetPrivate(userId);
        await deps.favorites.recount(tx, result.favoriteIds);
        for (const id of result.announcementIds) tx.emit('announcementDeleted', { id });
        tx.publicChanged(['announcements', 'reviews', 'profiles']);
        tx.effect(() => deps.hub.disconnect(userId));
        return result;
      });
      await removeUploads(deps.storage, done.files);
      await forgetWords(done.texts).catch((err) => deps.onVocabError?.(err));
    },
  };
}
export type AccountDeletionService = ReturnType<typeof accountDeletionService>;
