import type { WebSocket } from 'ws';
import type { AnnouncementRow } from '../../../schema/db/tables.ts';
import { matchesPlace, matchesPriceFilter, type SearchParams } from '../../../schema/search.ts';
import { parseSearchParams } from '../../../schema/search-params.ts';
import { both, matchesQuery, type TextQuery, textQueryOf } from '../../../schema/text.ts';

/**
 * Open listings that want to hear of new matches (issue 20, item 6): a socket sends `watch` with the
 * search its page shows (or null when the page closes); the held feed (held.ts), which already reads every
 * changed announcement once per pass, asks here which sockets a changed public row now matches, and sends
 * them `listingMatch` with its id. The page then offers '1 anunț nou' without moving the list. Changes and
 * removals of what a page shows already reach it as changes of held rows. One watch per socket; nothing is
 * read or checked while no socket watches.
 */
type Watch = { params: SearchParams; text: TextQuery };

export class ListingWatches {
  private watches = new Map<WebSocket, Watch>();

  /** Sets (or, with null or invalid parameters, clears) the socket's watched search. */
  set(socket: WebSocket, raw: Record<string, unknown> | null): void {
    if (!raw) {
      this.watches.delete(socket);
      return;
    }
    const parsed = parseSearchParams({ ...raw, cursor: undefined });
    if (!parsed.ok) {
      this.watches.delete(socket);
      return;
    }
    const p = parsed.params;
    const text = both(textQueryOf(p.q ?? ''), p.topic ?? { groups: [], not: [] });
    this.watches.set(socket, { params: p, text });
  }

  remove(socket: WebSocket): void {
    this.watches.delete(socket);
  }

  get size(): number {
    return this.watches.size;
  }

  /** The sockets whose watched search this row matches now (public rows only). */
  matching(row: AnnouncementRow): WebSocket[] {
    if (this.watches.size === 0 || row.deleted || !row.active) return [];
    const out: WebSocket[] = [];
    for (const [socket, w] of this.watches)
      if (rowMatches(w, row) && socket.readyState === socket.OPEN) out.push(socket);
    return out;
  }
}

/** The search's rule on one row: words and topic on the analysed columns, then every filter. */
function rowMatches({ params: p, text }: Watch, row: AnnouncementRow): boolean {
  if (p.category && row.category !== p.category) return false;
  if (p.owner && row.ownerId !== p.owner) return false;
  if (!matchesPriceFilter(row.price, p.pret)) return false;
  if (!matchesPlace(row, p.judet, p.localitate)) return false;
  return matchesQuery(text, row.searchTitle, row.searchText);
}
