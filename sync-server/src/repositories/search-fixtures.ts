import type { FastifyInstance } from 'fastify';
import type { announcements } from '../../../schema/db/tables.ts';
import { insertAnnouncement } from '../test-helper.ts';

/**
 * A small catalogue for the search tests: ~40 Romanian announcements across the categories, written the
 * way sellers write (diacritics, plurals, words that share a beginning), plus a hidden and a deleted one.
 */
type Fixture = [
  key: string,
  title: string,
  description: string,
  patch?: Partial<typeof announcements.$inferInsert>,
];

const CAKES = 'Prăjituri, Băcănie, Gătit';
const PHOTO = 'Fotografie';
const LESSONS = 'Meditații & Cursuri';
const REPAIRS = 'Reparații, Instalații, Bricolaj';
const MUSIC = 'Muzică, Teatru, Dans';

export const SEARCH_FIXTURES: Fixture[] = [
  [
    'tortCioc',
    'Tort de ciocolată pentru aniversări',
    'Blat pufos, cremă de ciocolată belgiană și decor personalizat pentru orice vârstă.',
    { category: CAKES, price: 180 },
  ],
  [
    'tortFructe',
    'Tort cu fructe de pădure',
    'Cremă de mascarpone și fructe proaspete; la cerere și o variantă cu ciocolată albă.',
    { category: CAKES, price: 160 },
  ],
  [
    'prajituri',
    'Prăjituri de casă la tavă',
    'Cremșnit, amandine cu ciocolată și ecler, livrate în toată țara.',
    { category: CAKES, price: 45, location: 'Toată țara', localitate: '' },
  ],
  [
    'cozonac',
    'Cozonac cu nucă și cacao',
    'Cozonaci pufoși după rețeta bunicii, pentru sărbători și mese în familie.',
    { category: CAKES, price: 60 },
  ],
  [
    'fursecuri',
    'Fursecuri cu unt pentru evenimente',
    'Fursecuri decorate cu glazură, ambalate individual pentru nunți și botezuri.',
    { category: CAKES, price: 3 },
  ],
  [
    'candyBar',
    'Candy bar pentru nunți și botezuri',
    'Prăjituri mini, un tort mic de ciocolată și decor în culorile evenimentului.',
    { category: CAKES, price: null },
  ],
  [
    'ceasuriRep',
    'Reparații ceasuri mecanice și de quartz',
    'Schimb baterii, curele și sticle la ceasuri de mână; revizie completă pentru ceasuri vechi.',
    { category: REPAIRS, location: 'Iași', localitate: 'Iași', price: 50 },
  ],
  [
    'ceasornicar',
    'Ceasornicar cu experiență, atelier propriu',
    'Repar ceasuri de perete și ceasuri cu pendulă, cu piese originale.',
    { category: REPAIRS, location: 'Iași', localitate: 'Pașcani', price: 80 },
  ],
  [
    'ceasBunic',
    'Restaurare ceas de bunic din lemn',
    'Mecanism curățat și reglat, carcasă lustruită, garanție un an.',
    { category: REPAIRS, price: 400 },
  ],
  [
    'fotoNunta',
    'Ședință foto de nuntă în stil documentar',
    'Fotografii naturale la nuntă, album tipărit și galerie online pentru invitați.',
    { category: PHOTO, price: 1500 },
  ],
  [
    'fotoFamilie',
    'Fotograf pentru familie și copii',
    'Ședințe foto în parc sau acasă, cu editare inclusă și 40 de imagini.',
    { category: PHOTO, price: 300 },
  ],
  [
    'fotoBotez',
    'Fotografie de botez și evenimente',
    'Pachete pentru botez, nuntă și aniversări: ședință foto la cerere.',
    { category: PHOTO, price: 700, location: 'Cluj', localitate: 'Florești' },
  ],
  [
    'fotoProdus',
    'Fotografie de produs pe fundal alb',
    'Pentru magazine online: lumină de studio și retuș, livrare în trei zile.',
    { category: PHOTO, price: 20 },
  ],
  [
    'fotoCluj',
    'Fotograf de portret în Cluj-Napoca',
    'Portrete profesionale pentru CV și rețele, în studio sau afară.',
    { category: PHOTO, price: 250 },
  ],
  [
    'mate',
    'Meditații la matematică pentru Evaluarea Națională',
    'Pregătire pentru clasele V–VIII, exerciții și teste de antrenament.',
    { category: LESSONS, price: 80 },
  ],
  [
    'mateBac',
    'Pregătire de bacalaureat la matematică și fizică',
    'Meditații online, materiale incluse, program flexibil.',
    { category: LESSONS, price: 100 },
  ],
  [
    'romana',
    'Meditații la limba română pentru liceu',
    'Comentarii, gramatică și pregătire pentru examene, în grupe mici.',
    { category: LESSONS, price: 70 },
  ],
  [
    'engleza',
    'Lecții de engleză pentru copii',
    'Cursuri interactive cu jocuri și cântece, nivel începător și mediu.',
    { category: LESSONS, price: 60 },
  ],
  [
    'pian',
    'Lecții de pian pentru începători',
    'Teorie muzicală și repertoriu clasic sau modern, la domiciliu.',
    { category: MUSIC, price: 90 },
  ],
  [
    'chitara',
    'Lecții de chitară acustică și electrică',
    'Acorduri, ritm și primele melodii chiar din prima lună.',
    { category: MUSIC, price: 90 },
  ],
  [
    'dans',
    'Cursuri de dans pentru miri',
    'Primul dans la nuntă, cu coregrafie personalizată și repetiții.',
    { category: MUSIC, price: 400 },
  ],
  [
    'bicicleta',
    'Reparații biciclete și trotinete',
    'Schimb frâne, lanțuri și camere; reglaj complet la domiciliu.',
    { category: 'Auto, Moto, Biciclete', price: 50 },
  ],
  [
    'bicicletaMunte',
    'Service pentru biciclete de munte',
    'Reparații rapide pentru biciclete MTB și de oraș, piese de schimb.',
    { category: 'Auto, Moto, Biciclete', price: 120, location: 'Brașov', localitate: '' },
  ],
  [
    'auto',
    'Reparații auto la domiciliu',
    'Diagnoză, schimb de ulei și plăcuțe de frână pentru mașina ta.',
    { category: 'Auto, Moto, Biciclete', price: 200 },
  ],
  [
    'instalator',
    'Instalator pentru reparații sanitare',
    'Robinete, boilere și centrale, intervenții rapide în weekend.',
    { category: REPAIRS, price: 150 },
  ],
  [
    'electrician',
    'Electrician autorizat pentru apartamente',
    'Prize, tablouri electrice și iluminat, cu garanție.',
    { category: REPAIRS, price: 120 },
  ],
  [
    'traduceri',
    'Traduceri autorizate engleză – română',
    'Acte, contracte și diplome, cu legalizare la notar.',
    { category: 'Traduceri & Redactare', price: 40 },
  ],
  [
    'logo',
    'Design de logo și identitate vizuală',
    'Trei propuneri, revizii nelimitate și fișiere vectoriale.',
    { category: 'Grafică & Design', price: 500 },
  ],
  [
    'curatenie',
    'Curățenie generală în apartamente',
    'Echipă de două persoane, produse ecologice, program și în weekend.',
    { category: 'Curățenie, Întreținere casă', price: 250 },
  ],
  [
    'covoare',
    'Spălare covoare la domiciliu',
    'Ridicăm și aducem înapoi covoarele curate în 48 de ore.',
    { category: 'Curățenie, Întreținere casă', price: 15 },
  ],
  [
    'mutari',
    'Transport mobilă și mutări',
    'Dubă cu hamali, ambalare și montaj la destinație.',
    { category: 'Transport, Logistică, Curierat', price: 300 },
  ],
  [
    'video',
    'Filmare nuntă cu dronă',
    'Clip artistic și film complet al evenimentului, livrat pe stick.',
    { category: 'Video & Animație', price: 2000 },
  ],
  [
    'contabil',
    'Contabilitate pentru PFA și SRL',
    'Declarații, bilanț și consultanță fiscală lunară.',
    { category: 'Finanțe & Contabilitate', price: 250 },
  ],
  [
    'afaceri',
    'Plan de afaceri pentru fonduri europene',
    'Studiu de piață, proiecții financiare și depunerea dosarului.',
    { category: 'Business', price: 1200 },
  ],
  [
    'gradina',
    'Amenajări grădini și gazon rulou',
    'Proiectare peisagistică și sistem de irigații automat.',
    { category: 'Imobiliare, Construcții, Amenajări', price: 0 },
  ],
  [
    'zugrav',
    'Zugrăveli și renovări interioare',
    'Glet, lavabilă și tapet; materialele sunt incluse în preț.',
    { category: 'Imobiliare, Construcții, Amenajări', price: 35 },
  ],
  [
    'printare3d',
    'Modelare și printare 3D la comandă',
    'Piese personalizate din PLA și PETG, după schița ta.',
    { category: 'Grafică & Design', price: 25 },
  ],
  [
    'sarmale',
    'Sarmale și mâncare gătită pentru evenimente',
    'Meniuri tradiționale pentru botezuri și nunți, livrate calde.',
    { category: CAKES, price: null, location: 'Toată țara', localitate: '' },
  ],
  [
    'hiddenTort',
    'Tort de ciocolată cu vișine',
    'Anunț dezactivat de vânzător: nu apare în căutări.',
    { category: CAKES, active: false },
  ],
  [
    'deletedCeas',
    'Reparații ceasuri de lux',
    'Anunț șters: nu apare în căutări.',
    { category: REPAIRS, deleted: true },
  ],
];

/** Inserts the fixtures (one owner, one day apart, oldest first) and returns key → id. */
export async function insertSearchFixtures(
  app: FastifyInstance,
  ownerId: string,
): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const [i, [key, title, description, patch]] of SEARCH_FIXTURES.entries()) {
    const day = new Date(Date.UTC(2026, 0, 1 + i)).toISOString();
    ids[key] = await insertAnnouncement(app, ownerId, {
      title,
      description,
      location: 'Cluj',
      localitate: 'Cluj-Napoca',
      createdAt: day,
      updatedAt: day,
      ...patch,
    });
  }
  return ids;
}

/**
 * The labelled set: what a person typing these means. `only`: exactly these (any order); `must` /
 * `not`: at least these / none of these; `first`: the best match (the title says it all).
 */
export const LABELLED: { q: string; only?: string[]; must?: string[]; not?: string[]; first?: string }[] = [
  // Issue 11: 'ceasuri' used to return 7 unrelated announcements of 8.
  // Issue 20: a word in any of its forms ('ceasuri' is the plural of 'ceas').
  { q: 'ceasuri', only: ['ceasuriRep', 'ceasornicar', 'ceasBunic'], first: 'ceasuriRep' },
  { q: 'CEASURI', only: ['ceasuriRep', 'ceasornicar', 'ceasBunic'] },
  { q: 'ceas', only: ['ceasuriRep', 'ceasornicar', 'ceasBunic'] },
  { q: 'tort ciocolata', only: ['tortCioc', 'tortFructe', 'candyBar'], first: 'tortCioc' },
  { q: 'tort de ciocolată', only: ['tortCioc', 'tortFructe', 'candyBar'], first: 'tortCioc' },
  { q: 'TORT Ciocolată', must: ['tortCioc'], not: ['prajituri', 'cozonac', 'hiddenTort'], first: 'tortCioc' },
  { q: 'sedinta foto nunta', only: ['fotoNunta', 'fotoBotez'], first: 'fotoNunta' },
  // 'Ședințe foto' is the plural of 'ședință foto'.
  { q: 'ședință foto', only: ['fotoNunta', 'fotoBotez', 'fotoFamilie'] },
  { q: 'meditatii matematica', only: ['mate', 'mateBac'], first: 'mate' },
  { q: 'meditații', only: ['mate', 'mateBac', 'romana'] },
  { q: 'reparatii biciclete', only: ['bicicleta', 'bicicletaMunte'], first: 'bicicleta' },
  {
    q: 'reparatii',
    must: ['ceasuriRep', 'bicicleta', 'bicicletaMunte', 'auto', 'instalator'],
    not: ['deletedCeas', 'zugrav'],
  },
  { q: 'lectii pian', only: ['pian'] },
  { q: 'lectii', only: ['engleza', 'pian', 'chitara'] },
  { q: 'chitară', only: ['chitara'] },
  // 'nuntă' and 'nunți' are one word (they were apart before issue 20).
  {
    q: 'nunta',
    only: ['fotoNunta', 'fotoBotez', 'dans', 'video', 'fursecuri', 'candyBar', 'sarmale'],
  },
  { q: 'nunti', only: ['fotoNunta', 'fotoBotez', 'dans', 'video', 'fursecuri', 'candyBar', 'sarmale'] },
  { q: 'cozonac', only: ['cozonac'] },
  { q: 'praji', only: ['prajituri', 'candyBar'], first: 'prajituri' },
  { q: 'traduceri engleza', only: ['traduceri'], not: ['engleza'] },
  { q: 'curatenie', only: ['curatenie'] },
  { q: 'covoare domiciliu', only: ['covoare'] },
  { q: '3d', only: ['printare3d'] },
  // The Snowball stem of 'fotografie' is 'fotograf': the photographers' offers are found too.
  { q: 'fotografie', must: ['fotoBotez', 'fotoProdus', 'fotoFamilie', 'fotoCluj'], not: ['video'] },
  {
    q: 'fotograf',
    must: ['fotoFamilie', 'fotoNunta', 'fotoBotez', 'fotoProdus', 'fotoCluj'],
    not: ['video'],
  },
  { q: 'cluj napoca', only: ['fotoCluj'] },
  { q: 'electrician autorizat', only: ['electrician'], not: ['traduceri'] },
  // 'botez' is the beginning of 'botezuri' too.
  { q: 'botez', only: ['fotoBotez', 'fursecuri', 'candyBar', 'sarmale'] },
  { q: 'zugraveli renovari', only: ['zugrav'] },
  { q: 'ornitorinc', only: [] },
];
