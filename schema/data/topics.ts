/**
 * Keywords of the topics that a name alone does not find (rules in catalog/topics.ts), separated by
 * spaces. Each is one word written without diacritics; a trailing '*' also matches the words it begins
 * ('tort*' → 'torturi'), without it only that word ('miere'). A topic matches an announcement whose
 * title or description holds any of its keywords.
 */

/**
 * The home tiles that are not a whole category (issue 12, item 8): what each tile says, across the
 * categories where such offers are published (or inside its category, see home-grid.ts).
 */
export const TILE_KEYWORDS: Readonly<Record<string, string>> = {
  Muzică:
    'muzic* chitar* pian* vioar* violin* tobe canto vocal* canta* cantec* formati* trupa trupe dj cor ' +
    'corul coral* orchestr* instrument* acordeon* saxofon* flaut* sonoriz* solist* compozit*',
  Dans: 'dans* coregraf* vals* tango* salsa* bachata* balet* zumba* breakdance*',
  Grădinărit:
    'gradin* gazon* pomi pomii pomilor pomicol* plante plantar* plantat* iarba irigat* irigati* ' +
    'peisagist* rasad* livad* sera sere compost* toaletar* cosit* motocoas* trandafir* arbori arbore ' +
    'arbust* ghivec* horticol*',
  Sport:
    'sport* antrenor* antrenament* fitness* yoga* pilates* inot* tenis* fotbal* baschet* volei* ' +
    'handbal* sah sahul sahist* vela vele navigati* schi schiat* snowboard* alpinism* escalad* ' +
    'drumeti* trekking* alergar* maraton* ciclism* box karate* judo* gimnastic* caiac* kayak* ' +
    'echitati* calari* surf* kitesurf* paddle* padel* badminton* crossfit* aerobic*',
  Artă:
    'arta artist* artistic* pictur* pictor* tablou* ilustra* acuarel* desen* sculptur* olarit* ' +
    'incondei* caricatur* mozaic* vitrali* origami* macrame* broder* goblen* icoan* caligrafi*',
  Tehnologie:
    'tehnolog* it site* web* aplicati* laptop* calculator* computer* pc software* hardware* ssd seo ' +
    'programator* wordpress* shopify* ecommerce* smartphone* tablet* imprimant* router* wifi* ' +
    'electronic* automatiz* robotic* arduino* gadget* internet* server* cloud* windows* linux* ' +
    'android* ios iphone*',
};

/**
 * Sub-topics of the category menu whose name's words would find the wrong announcements or none (the
 * others are found by their name's significant words, see topicTerms). Keyed by the sub-topic's name.
 */
export const SUBTOPIC_KEYWORDS: Readonly<Record<string, string>> = {
  'Miere de albine': 'miere mierea mieri apicol* apicult* fagur* propolis* polen* laptisor*',
  'Biciclete de oraș': 'biciclet* oras* urban*',
  'Organizare evenimente corporate': 'organizar* eveniment* corporat* team teambuilding*',
  'Om bun la toate': 'mester* reparati* montaj* montez* mici diverse',
  'Prăjituri de casă':
    'prajitur* cremsnit* amandin* ecler* savarin* negres* checu* fursec* placint* tava',
};
