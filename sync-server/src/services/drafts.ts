import type { DraftRow } from '../../../schema/db/tables.ts';
import type { UnitOfWork } from '../lib/unit-of-work.ts';
import type { DraftsRepository } from '../repositories/drafts.ts';

/** The seller's single draft: saved with a new seq, then their other devices are told (and nobody else). */
export function draftsService(deps: { uow: UnitOfWork; repo: DraftsRepository }) {
  return {
    async save(userId: string, fields: Omit<DraftRow, 'userId' | 'seq'>): Promise<void> {
      await deps.uow.write(async (tx) => {
        await deps.repo.put({ userId, ...fields, seq: tx.seq() });
        tx.poke(['drafts'], [userId]);
      });
    },
  };
}
export type DraftsService = ReturnType<typeof draftsService>;
