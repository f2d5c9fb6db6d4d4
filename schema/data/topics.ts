/**
 * Topics whose name alone would find the wrong announcements or none, as small queries (rules in
 * catalog/topics.ts). A definition is either one list of terms, any of which is enough, or
 * `{ all: [list, list…], not?: list }`: one term of every list is required and no term of `not` may
 * appear. Terms are separated by spaces and written without diacritics; a trailing '*' also matches the
 * words it begins ('tort*' → 'torturi'), without it the word in any of its forms ('miere' → 'mierea').
 *
 * Prefer whole words, and prefixes long enough to begin only the words meant ('gradin*' would also find
 * 'din grădina noastră' in a jar of zacuscă, 'box' the storage 'boxe', 'aplicati*' an app's explainer
 * film). The judged table of catalog/topics-judged.ts checks every definition on the demo catalogue.
 */
export type TopicDefinition = string | { readonly all: readonly string[]; readonly not?: string };

/**
 * The home tiles that are not a whole category (issue 12, item 8): what each tile says, across the
 * categories where such offers are published (or inside its category, see home-grid.ts).
 */
export const TILE_KEYWORDS: Readonly<Record<string, TopicDefinition>> = {
  // Inside 'Muzică, Teatru, Dans': music, not the dance or theatre classes that play some.
  Muzică: {
    all: [
      'muzic* chitar* pian* vioar* violin* tobe canto vocal* canta* cantec* formati* trupa trupe dj ' +
        'cor corul coral* orchestr* instrument* acordeon* saxofon* flaut* ukulele* sonoriz* solist* ' +
        'compozit*',
    ],
    not: 'dans dansul dansuri coregraf* balet* actorie teatru papusi*',
  },
  Dans: 'dans* coregraf* vals* tango* salsa* bachata* kizomba* balet* zumba* breakdance* hip',
  // Not 'gradin*': vegetables 'din grădina noastră' are not gardening.
  Grădinărit:
    'gradinar* gradinarit* gazon* pomi pomii pomilor pomicol* plante plantare plantari plantat plantez ' +
    'rasad* livad* compost* toaletar* toaletez* cosit* motocoas* trandafiri arbust* horticol* peisagist* ' +
    'irigati* irigare',
  Sport:
    'sport sporturi sportiv* antrenor* antrenament* fitness* yoga pilates inot inotul tenis* fotbal* ' +
    'baschet* volei* handbal* sah sahul sahist* vela navigati* schi schiat* snowboard* alpinism* escalad* ' +
    'alergar* maraton* ciclism* karate* judo* taekwondo* martiale gimnastic* caiac* kayak* echitati* ' +
    'calarie surf* kitesurf* padel* badminton* crossfit* aerobic*',
  // Not an explainer film that has illustrations in it.
  Artă: {
    all: [
      'arta artistic* pictur* pictor* tablou* acuarel* desen desenez sculptur* olarit* olar incondei* ' +
        'caricatur* mozaic* vitrali* origami* macrame* broder* goblen* icoan* caligrafi* ilustratii* ' +
        'ilustratie* ilustrator*',
    ],
    not: 'animati*',
  },
  // Not 'site*' (a translator or a copywriter writes for websites) nor 'programatori' (its stem is
  // 'program', as in a training schedule).
  Tehnologie:
    'tehnolog* it software* hardware* laptop* calculator* computer computere pc ssd programator* web ' +
    'wordpress* woocommerce* shopify* ecommerce* smartphone* imprimant* router* wifi* automatizari* ' +
    'automatizare* robotic* arduino* gadget* internet* server* cloud windows linux android* ios iphone* ' +
    'python* scratch figma ux ui',
};

/**
 * Sub-topics of the category menu whose name's words would find the wrong announcements or none (the
 * others are found by their name's significant words, see topicQuery). Keyed by the sub-topic's name;
 * a name shown in two categories ('Engleză', 'Instrumente muzicale') has one definition for both.
 */
export const SUBTOPIC_KEYWORDS: Readonly<Record<string, TopicDefinition>> = {
  // ── Fotografie ──
  Obiective: 'obiectiv*',
  'Trepiede și stabilizatoare': 'trepied* stabilizator* gimbal*',
  'Blitzuri și iluminare': 'blitz* softbox* iluminar*',
  'Genți și accesorii': 'geanta genti rucsac* accesorii',
  'Editare în Lightroom': 'lightroom',
  'Retușare în Photoshop': 'retus* photoshop',
  'Fotografie de noapte': 'noapte noaptea nocturn* astrofotograf*',
  'Alegerea primului aparat': { all: ['aparat*', 'primul primului'] },
  'Fotografie cu telefonul': 'telefon telefoane smartphone* iphone*',
  'Îngrijirea echipamentului': {
    all: ['curat* ingrijir* revizi* service*', 'senzor* echipament* aparat* obiectiv*'],
  },
  'Cum îți construiești portofoliul': 'portofoli*',

  // ── Prăjituri, Băcănie, Gătit ──
  'Prăjituri de casă':
    'prajitur* cremsnit* amandin* ecler* savarin* negres* fursec* cornulet* tartel* baclava*',
  'Cozonaci și pască': 'cozonac* pasca',
  'Dulciuri fără zahăr': { all: ['zahar zaharul', 'indulcit* stevia eritritol* diabetic* regim'] },
  'Dulcețuri și gemuri': 'dulceat* dulcetur* gem gemul gemuri magiun*',
  'Zacuscă și conserve': 'zacusc* conserve* muraturi* bulion*',
  'Miere de albine': 'miere mierea mieri apicol* apicult* fagur* propolis* polen* laptisor*',
  'Brânzeturi tradiționale': 'branzetur* telemea* cascaval* urda burduf*',
  'Pâine artizanală': 'paine paini maia',
  'Cursuri de gătit': { all: ['curs* atelier*', 'gatit* bucatar*'] },
  'Rețete vegane': 'vegan*',
  'Patiserie franțuzească': { all: ['patiser* croissant*', 'frantuzeasc* francez* croissant*'] },
  'Decorarea torturilor': { all: ['decor* ornament*', 'tort*', 'curs* atelier* invat*'] },

  // ── Traduceri & Redactare ──
  'Texte pentru site-uri': {
    all: ['site* web*', 'text texte textele continut* copywriting*'],
    not: 'traduc* traducer* traducator*',
  },
  'Corectură gramaticală': 'corectur*',
  'Diplome și foi matricole': 'diplom* matricol*',

  // ── Finanțe & Contabilitate ──
  'Contabilitate PFA': { all: ['pfa', 'contabil*'] },
  'Contabilitate SRL': { all: ['srl', 'contabil*'] },
  'Buget familial': { all: ['buget*', 'famil*'] },
  'Economisire și investiții': { all: ['economis* economii*', 'invest*'] },
  'Dosare de finanțare': { all: ['dosar*', 'finantar* fonduri* nerambursabil* granturi*'] },

  // ── Video & Animație ──
  'Camere video': { all: ['camer*', 'video', 'vand* vanz* inchiri*'] },
  Microfoane: { all: ['microfo* lavalier*', 'vand* vanz* inchiri*'] },
  'Clipuri pentru TikTok și Reels': 'tiktok reels shorts',
  'Video explicativ': 'explicativ*',

  // ── Business ──
  'Organizare evenimente corporate': {
    all: ['eveniment* team teambuilding* conferint* petrecer*', 'corporat* firm* compani* echip* angajat*'],
  },
  Automatizări: 'automatiz*',

  // ── Meditații & Cursuri ──
  'Pregătire Evaluare Națională': { all: ['evaluar*', 'national*'] },
  'Pregătire Bacalaureat': 'bacalaureat* bac',
  'Programare pentru copii': { all: ['programar* scratch python* robotic*', 'copii copil* elev*'] },

  // ── Grafică & Design ──
  'Afișe și flyere': 'afis* flyer* pliant*',
  'Portrete la comandă': 'portret*',
  'Artă digitală': { all: ['digital*', 'arta ilustrat* ilustrati* portret* desen* pictur*'] },
  'Grafică pentru social media': 'postar* story* instagram* facebook*',
  Stickere: 'sticker* autocolant*',

  // ── Curățenie, Întreținere casă ──
  'Curățenie generală': { all: ['curatenie', 'generala'] },
  'Spălat geamuri': { all: ['spal*', 'geam* ferestr* vitrin*'] },
  'Curățenie de primăvară': { all: ['primavar*', 'curateni*'] },
  'Spălat covoare': 'covor* covoar* mochet*',
  'Dezinsecție și deratizare': 'dezinsect* deratiz*',
  'Întreținere grădină': { all: ['gradin*', 'intretin* ingrij* tuns* tund* cosit* gazon*'] },
  'Tuns gazon': { all: ['tuns tund* cosit* cosesc', 'gazon* iarba'] },
  'Tăiat pomi și gard viu': {
    all: ['pomi pomii pomilor arbori arborii copaci* gard gardul', 'tai* toaletar* toaletez* tund*'],
  },
  Plantări: 'plantar* plantat* plantez* plantam*',
  'Curățenie după evenimente': { all: ['eveniment* petrecer* nunt* botez*', 'curatenie curat*'] },
  Debarasare: 'debaras*',

  // ── Reparații, Instalații, Bricolaj ──
  Mobilă: {
    all: ['mobila* mobilier* dulap* comod* scaun* sertar* canapel*', 'repar* recondition* restaur*'],
  },
  'Telefoane și tablete': 'telefoane telefon tablet* smartphone* iphone*',
  'Calculatoare și laptopuri': 'calculator* laptop* pc desktop*',
  'Centrale termice': 'centrala* centrale* centralei* termic*',
  'Panouri fotovoltaice': 'fotovolt*',
  Tâmplărie: 'tamplar*',
  Sudură: 'sudur* sudez*',
  'Proiecte DIY': 'diy',
  'Prize și corpuri de iluminat': 'priza prize prizelor intrerupato* lustra lustre lustrei iluminat*',
  'Recondiționare mobilă': {
    all: ['recondition* restaur* renov*', 'mobila* mobilier* dulap* comod* scaun*'],
  },
  'Montaj mobilă': { all: ['montaj* montez* asamblez* asamblare', 'mobila* mobilier* dulap*'] },
  'Om bun la toate': { all: ['mici marunte diverse', 'reparati* lucrari* treburi*'] },

  // ── Muzică, Teatru, Dans ──
  'Teatru pentru copii': { all: ['teatru* spectacol* papus* marionet*', 'copii copil* prescolar*'] },
  'Costume și recuzită': 'costum* recuzit*',
  'Dans popular': { all: ['dans* hora hore sarb* ansamblu*', 'popular* folclor* traditional*'] },
  'Dans latino': 'latino salsa bachata kizomba',
  Balet: 'balet*',

  // ── Auto, Moto, Biciclete ──
  'Piese auto': { all: ['piese piesa piesele', 'auto masin* autoturism* dacia*'] },
  'Service moto': { all: ['service* revizi* repar*', 'moto motocicl* scuter* atv*'] },
  'Echipament moto': {
    all: ['echipament* casca casti* geac* manusi* cizm* combinezon*', 'moto motocicl* motociclist*'],
  },
  Scutere: 'scuter*',
  'Mountain bike': 'mtb mountain',
  'Biciclete de oraș': { all: ['biciclet*', 'oras* urban* city'] },
  'Biciclete electrice': { all: ['biciclet*', 'electric*'] },
  'Service biciclete': { all: ['service* revizi* repar*', 'biciclet*'] },
  'Închirieri auto': { all: ['inchiri*', 'auto autoturism* masin*'] },
  'Verificare înainte de cumpărare': { all: ['verific* inspect*', 'cumpar* achizit*'] },

  // ── Imobiliare, Construcții, Amenajări ──
  'Apartamente de vânzare': { all: ['apartament* garsonier*', 'vanz* vand* vinde*'] },
  Închirieri: 'inchiri*',
  // A plot 'for a house' is land.
  'Case și vile': {
    all: ['casa case casei vila vile', 'vanz* vand* vinde* inchiri*'],
    not: 'intravilan* extravilan*',
  },
  // Land has no rooms: a house on its plot is a house.
  Terenuri: { all: ['teren*', 'vanz* vand* vinde* intravilan* extravilan*'], not: 'camere' },
  'Evaluări imobiliare': { all: ['evaluar* evaluator*', 'imobiliar* anevar* proprietat*'] },
  Acoperișuri: 'acoperis*',
  Proiectare: 'proiectar* proiectez* arhitect*',
  'Zugrăveli și vopsitorii': 'zugrav* vopsitori* lavabil*',
  'Terase și foișoare': 'teras* foisor* pergol*',
  Garduri: { all: ['gard gardul garduri'], not: 'viu' },
  Pavaje: 'pavaj* pavele*',
  Rigips: 'rigips*',
  'Amenajări peisagistice': 'peisagist*',

  // ── Transport, Logistică, Curierat ──
  'Excursii de grup': { all: ['excursi* pelerinaj* turist*', 'grup*'] },
  'Microbuz cu șofer': 'microbuz*',
  'Mutări locuințe': { all: ['mutar* mutam* mutat*', 'apartament* locuint* casa case garsonier*'] },
  'Ambalare și împachetare': 'ambal* impachet*',
  'Livrări în oraș': { all: ['livr* curier*', 'oras* centru* local*'] },
  'Curierat rapid': { all: ['curier* livr*', 'rapid* urgent* expres*'] },
  'Livrări de mâncare': { all: ['livr*', 'mancar* mese meniu* restaurant* pranz*'] },
};
