import { z } from 'zod';
import { COUNTRY_WIDE, LIMITS } from '../constants.ts';
import { announcementApi } from '../entities.ts';
import { PRICE_FILTERS, SEARCH_PAGE, SEARCH_SORTS } from '../search.ts';
import { SUGGEST_MAX } from '../suggest.ts';

/** The search's query string, documented for other clients (values are checked by parseSearchParams). */
export const searchQuery = z.object({
  q: z
    .string()
    .max(1000)
    .optional()
    .describe(
      'Cuvintele căutate în titlu și descriere, cu sau fără diacritice, în orice formă („lectie chitara” găsește „Lecții de chitară”); fiecare trebuie găsit, ultimul și ca început de cuvânt („foto” găsește „fotograf”). Un cuvânt necunoscut catalogului este corectat când altfel s-ar găsi prea puțin (`correctedQuery`); sub anunțurile cu toate cuvintele urmează, pe prima pagină, cele cu doar o parte (`partialFrom`).',
    ),
  subiect: z
    .string()
    .max(1000)
    .optional()
    .describe(
      'Un subiect (din meniul categoriilor, „Miere de albine”, sau o temă a paginii principale, „Sport”): anunțurile care conțin oricare dintre cuvintele lui (cuvinte-cheie din schema/data/topics.ts, altfel cuvintele semnificative ale numelui, ca început de cuvânt), ordonate implicit după relevanță.',
    ),
  category: z
    .string()
    .max(200)
    .optional()
    .describe('Categoria: numele, slug-ul sau numele fără diacritice; „toate” sau gol = toate.'),
  judet: z
    .string()
    .max(200)
    .optional()
    .describe(
      `Județul (și anunțurile din „${COUNTRY_WIDE}”), o localitate („Pitești”) sau „Localitate, Județ”; „${COUNTRY_WIDE}” = fără filtru de loc.`,
    ),
  localitate: z
    .string()
    .max(200)
    .optional()
    .describe('Localitatea din județ (și anunțurile județului fără localitate).'),
  pret: z
    .string()
    .max(20)
    .optional()
    .describe(`Banda de preț: ${PRICE_FILTERS.join(', ')}.`),
  sort: z
    .string()
    .max(20)
    .optional()
    .describe(`Ordinea: ${SEARCH_SORTS.join(', ')}. Implicit: relevance cu cuvinte, recent fără.`),
  cursor: z
    .string()
    .max(2000)
    .optional()
    .describe('Pagina următoare: `nextCursor` din răspunsul anterior (aceeași ordine).'),
  exact: z
    .string()
    .max(10)
    .optional()
    .describe('1 = caută exact cuvintele scrise, fără corectarea ortografiei („Caută exact …”).'),
  limit: z
    .number()
    .int()
    .optional()
    .describe(`Anunțuri pe pagină, 1–${SEARCH_PAGE.max} (implicit ${SEARCH_PAGE.size}).`),
});

/** One page of the catalogue search. */
export const searchPage = z.object({
  items: z.array(announcementApi),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
  totalCapped: z.boolean(),
  /** The spelling searched instead of what was typed ('Rezultate pentru „fotografie”'). */
  correctedQuery: z.string().optional(),
  /** Where the announcements holding only some of the words begin in `items` (first page only). */
  partialFrom: z.number().int().optional(),
});

/** `GET /api/announcements/suggest?q=`: completions of what is being typed (schema/suggest.ts). */
export const suggestQuery = z.object({
  q: z.string().max(1000).optional().describe('Ce s-a scris până acum în căutare.'),
});
export const suggestAnswer = z.object({
  suggestions: z
    .array(
      z.object({
        text: z.string(),
        subiect: z.string().optional(),
        category: z.string().optional(),
      }),
    )
    .describe(
      `Cel mult ${SUGGEST_MAX}: subiecte (cu \`subiect\`, și \`category\` când sunt dintr-o categorie), apoi cuvinte din catalog care completează ultimul cuvânt.`,
    ),
});

/** 'Anunțuri populare': how many. */
export const popularQuery = z.object({ limit: z.number().int().min(1).max(50).default(LIMITS.popularLimit) });

export const announcementList = z.array(announcementApi);

/** GET /api/announcements (issue 25): the search's parameters, `limit` up to 200, and `ids`. */
export const LIST_LIMITS = { limitMax: 200, idsMax: 200 } as const;
export const LIST_MESSAGES = {
  limit: `Numărul de anunțuri pe pagină trebuie să fie între 1 și ${LIST_LIMITS.limitMax}.`,
  ids: `Trimite cel mult ${LIST_LIMITS.idsMax} de identificatori valizi, despărțiți prin virgulă.`,
} as const;
export const listQuery = searchQuery.extend({
  limit: z
    .number()
    .int()
    .optional()
    .describe(`Anunțuri pe pagină, 1–${LIST_LIMITS.limitMax} (implicit ${SEARCH_PAGE.size}).`),
  ids: z
    .string()
    .max(LIST_LIMITS.idsMax * 25)
    .optional()
    .describe(
      `Doar aceste anunțuri (identificatori despărțiți prin virgulă, cel mult ${LIST_LIMITS.idsMax}), în ordinea dată; cele șterse sau inactive lipsesc. Pentru favoritele unui vizitator.`,
    ),
});
