/**
 * A judged relevance set for the search (issue 20): queries a person would type on Hobbiz, each with the
 * title of the demo announcement (scripts/seed-data.ts, SEED_ANNOUNCEMENTS) that a careful reader expects
 * among the first 3 results of the demo announcements (written against the first 64; the catalogue has grown since). `note` says what the query tests; it starts with
 * its kind: inflection, no-diacritics, diacritics (comma-below ș/ț), cedilla (legacy ş/ţ), typo (edit
 * distance 1–2 of a catalogue word), tile / subtopic (home tile and category-menu names), partial (last word
 * still being typed) or multiword. Checked by sync-server/src/repositories/search-judged.test.ts.
 */
export type JudgedQuery = { q: string; expect: string; note: string };

export const JUDGED_QUERIES: readonly JudgedQuery[] = [
  // Inflected forms: singular/plural, definite articles, derived words.
  {
    q: 'lectie chitara',
    expect: 'Lecții de chitară acustică și electrică pentru începători',
    note: 'inflection: singular „lecție” for „Lecții”, „chitara” without diacritics',
  },
  {
    q: 'prajitura',
    expect: 'Prăjituri de casă la tavă: cremșnit, amandine, ecler',
    note: 'inflection: singular of „Prăjituri”',
  },
  {
    q: 'fotografi nunta',
    expect: 'Fotografie de nuntă în stil documentar, în Cluj și împrejurimi',
    note: 'inflection: „fotografi” (plural of fotograf) and „nunta” for „Fotografie de nuntă”',
  },
  {
    q: 'gradinarit',
    expect: 'Întreținere grădini: gazon, gard viu și toaletarea pomilor',
    note: 'inflection: derived noun „grădinărit” for „grădini”',
  },
  {
    q: 'casa de vacanta',
    expect: 'Design interior pentru case de vacanță în stil maramureșean',
    note: 'inflection: singular „casă” for the plural „case de vacanță”',
  },
  {
    q: 'biciclete cargo',
    expect: 'Curierat rapid cu bicicleta cargo în centrul Bucureștiului',
    note: 'inflection: plural „biciclete” for „bicicleta cargo”',
  },
  {
    q: 'tortul aniversar',
    expect: 'Tort personalizat pentru aniversări, din ingrediente naturale',
    note: 'inflection: definite „tortul”, adjective „aniversar” for „aniversări”',
  },
  {
    q: 'cozonacul',
    expect: 'Cozonaci pufoși cu nucă și cacao, copți în cuptor pe lemne',
    note: 'inflection: definite singular for „Cozonaci”',
  },
  {
    q: 'sarmalele',
    expect: 'Sarmale și bucate tradiționale maramureșene, gătite la comandă',
    note: 'inflection: definite plural for „Sarmale”',
  },
  {
    q: 'motocicleta clasica',
    expect: 'Restaurare motociclete clasice: Mobra, Jawa, MZ și Simson',
    note: 'inflection: singular „motocicletă clasică” for „motociclete clasice”',
  },
  {
    q: 'canapeaua',
    expect: 'Curățare canapele, saltele și covoare cu injecție-extracție',
    note: 'inflection: definite singular for „canapele”',
  },
  {
    q: 'invitatie de nunta',
    expect: 'Invitații de nuntă și botez ilustrate manual în acuarelă',
    note: 'inflection: singular „invitație” for „Invitații”',
  },
  {
    q: 'renovare baie',
    expect: 'Renovare băi la cheie: faianță, gresie, instalații noi',
    note: 'inflection: singular „baie” for the irregular plural „băi”',
  },
  {
    q: 'zugraveala apartament',
    expect: 'Zugrăveli interioare și montaj parchet laminat',
    note: 'inflection: singular „zugrăveală” for „Zugrăveli”',
  },
  {
    q: 'laptopul nu porneste',
    expect: 'Reparații laptopuri: curățare, pastă termoconductoare, SSD',
    note: 'inflection: definite „laptopul” for „laptopuri”, verb „pornește” in the text',
  },
  {
    q: 'caut model foto',
    expect: 'Caut modele pentru ședințe foto TFP în Alba Iulia',
    note: 'inflection: singular „model” for „Caut modele”',
  },
  {
    q: 'poze bebelus',
    expect: 'Ședință foto newborn la voi acasă, cu recuzită inclusă',
    note: 'inflection: „poze”, „bebeluș” for „pozele”, „bebelușul” in the description',
  },
  {
    q: 'mutare apartament',
    expect: 'Mutări și transport mobilă cu dubă și doi hamali',
    note: 'inflection: singular „mutare” for „Mutări”',
  },
  {
    q: 'declaratie unica chirii',
    expect: 'Te ajut cu Declarația unică pentru chirii și venituri din PFA',
    note: 'inflection: indefinite „declarație unică” for „Declarația unică”',
  },
  {
    q: 'clip prezentare restaurant',
    expect: 'Clip video de prezentare pentru restaurante și pensiuni',
    note: 'inflection: singular „restaurant” for „restaurante”',
  },
  // Diacritics: typed without them, with comma-below ș/ț, with the legacy cedilla ş/ţ.
  {
    q: 'sedinta foto familie',
    expect: 'Ședințe foto de familie în natură, în inima Bucovinei',
    note: 'no-diacritics: „ședință” without marks, singular for „Ședințe foto de familie”',
  },
  {
    q: 'curatenie dupa constructor',
    expect: 'Curățenie după constructor în apartamente și case',
    note: 'no-diacritics: „Curățenie după constructor”',
  },
  {
    q: 'paine cu maia',
    expect: 'Pâine cu maia naturală, coaptă în fiecare vineri în Timișoara',
    note: 'no-diacritics: „Pâine cu maia”',
  },
  {
    q: 'incondeiat oua',
    expect: 'Atelier de încondeiat ouă în stil bucovinean, la Vama',
    note: 'no-diacritics: „încondeiat ouă”',
  },
  {
    q: 'inchiriere biciclete electrice',
    expect: 'Închiriere biciclete electrice pentru ture prin Bucovina',
    note: 'no-diacritics: „Închiriere biciclete electrice”',
  },
  {
    q: 'navigatie cu vela',
    expect: 'Curs de inițiere în navigația cu velă pe lacul Siutghiol',
    note: 'no-diacritics: „navigația cu velă”',
  },
  {
    q: 'consultanta buget familie',
    expect: 'Consultanță gratuită: cum îți faci un buget de familie realist',
    note: 'no-diacritics: „Consultanță … buget de familie”',
  },
  {
    q: 'ședință foto newborn',
    expect: 'Ședință foto newborn la voi acasă, cu recuzită inclusă',
    note: 'diacritics: comma-below ș/ț as typed on a Romanian keyboard',
  },
  {
    q: 'Lecții de germană',
    expect: 'Lecții de germană pentru începători, nivel A1–A2',
    note: 'diacritics: comma-below ț and ă, capital letter',
  },
  {
    q: 'corectură lucrare de licență',
    expect: 'Corectură și redactare pentru lucrări de licență și disertație',
    note: 'diacritics: comma-below ț, singular „lucrare” for „lucrări”',
  },
  {
    q: 'șabloane Canva',
    expect: 'Șabloane Canva personalizate pentru postările afacerii tale',
    note: 'diacritics: initial ș in the query and in the title („Șabloane”)',
  },
  {
    q: 'tapițerie scaune vechi',
    expect: 'Recondiționare mobilier vechi: șlefuire, vopsire, tapițerie',
    note: 'diacritics: comma-below ț; „scaune” only in the description',
  },
  {
    q: 'transport turiști mănăstiri',
    expect: 'Transport turiști spre mănăstirile din Neamț și Bucovina',
    note: 'diacritics: ș, ă, ă; „mănăstiri” for „mănăstirile”',
  },
  {
    q: 'lecţii de chitară',
    expect: 'Lecții de chitară acustică și electrică pentru începători',
    note: 'cedilla: legacy ţ in „lecţii”',
  },
  {
    q: 'meditaţii matematică',
    expect: 'Meditații la matematică pentru bacalaureat, profil real',
    note: 'cedilla: legacy ţ in „meditaţii”',
  },
  {
    q: 'curs de şah',
    expect: 'Curs de șah pentru copii între 6 și 12 ani, în Ploiești',
    note: 'cedilla: legacy ş in „şah” (a three-letter word)',
  },
  {
    q: 'reparaţii laptopuri',
    expect: 'Reparații laptopuri: curățare, pastă termoconductoare, SSD',
    note: 'cedilla: legacy ţ in „reparaţii”',
  },
  {
    q: 'curăţenie după renovare',
    expect: 'Curățenie după constructor în apartamente și case',
    note: 'cedilla: legacy ţ; „renovare” is in the description',
  },
  {
    q: 'întreţinere grădini',
    expect: 'Întreținere grădini: gazon, gard viu și toaletarea pomilor',
    note: 'cedilla: legacy ţ with î and ă',
  },
  {
    q: 'şedinţă foto newborn',
    expect: 'Ședință foto newborn la voi acasă, cu recuzită inclusă',
    note: 'cedilla: legacy ş and ţ in one word',
  },
  {
    q: 'consultanţă regim hotelier',
    expect: 'Consultanță pentru apartamente în regim hotelier pe litoral',
    note: 'cedilla: legacy ţ in „consultanţă”',
  },
  {
    q: 'evaluarea naţională română',
    expect: 'Meditații la limba română pentru Evaluarea Națională',
    note: 'cedilla: legacy ţ; „română” alone also names the translations',
  },
  {
    q: 'animatii 2d',
    expect: 'Animații explicative 2D pentru startup-uri și ONG-uri',
    note: 'no-diacritics: „Animații … 2D”, a word with a digit',
  },
  {
    q: 'mutări Constanţa',
    expect: 'Mutări și transport mobilă cu dubă și doi hamali',
    note: 'cedilla: legacy ţ in a place name; „Mutări” tells it from the Mamaia offer',
  },
  // Typos at edit distance 1–2 of a word of the catalogue.
  {
    q: 'fotgrafie nunta',
    expect: 'Fotografie de nuntă în stil documentar, în Cluj și împrejurimi',
    note: 'typo: „fotografie” with a letter missing',
  },
  {
    q: 'chitra',
    expect: 'Lecții de chitară acustică și electrică pentru începători',
    note: 'typo: „chitara” with a letter missing',
  },
  {
    q: 'meditati matematca',
    expect: 'Meditații la matematică pentru bacalaureat, profil real',
    note: 'typo: a letter missing in each word',
  },
  {
    q: 'prajitri de casa',
    expect: 'Prăjituri de casă la tavă: cremșnit, amandine, ecler',
    note: 'typo: „prajituri” with a letter missing',
  },
  {
    q: 'cozonac cu nuca si caco',
    expect: 'Cozonaci pufoși cu nucă și cacao, copți în cuptor pe lemne',
    note: 'typo: „cacao” with a letter missing, last word',
  },
  {
    q: 'contabiliate pfa',
    expect: 'Contabilitate online pentru PFA și microîntreprinderi',
    note: 'typo: „contabilitate” with a letter missing',
  },
  {
    q: 'repratii laptop',
    expect: 'Reparații laptopuri: curățare, pastă termoconductoare, SSD',
    note: 'typo: „reparatii” with a letter missing',
  },
  {
    q: 'zacusa',
    expect: 'Zacuscă de casă și dulcețuri din fructe de pădure din Maramureș',
    note: 'typo: „zacusca” with a letter missing, single word',
  },
  {
    q: 'sarmlae',
    expect: 'Sarmale și bucate tradiționale maramureșene, gătite la comandă',
    note: 'typo: two letters swapped in „sarmale”',
  },
  {
    q: 'croitorei',
    expect: 'Curs de croitorie pentru începători: prima ta fustă în 4 ședințe',
    note: 'typo: „croitorie” with the last two letters swapped',
  },
  {
    q: 'instlator',
    expect: 'Instalator pentru robineți, calorifere, scurgeri și centrale',
    note: 'typo: „instalator” with a letter missing',
  },
  {
    q: 'detaling auto',
    expect: 'Detailing auto: polish în doi pași și protecție ceramică',
    note: 'typo: „detailing” with a letter missing',
  },
  {
    q: 'biciclete electirce',
    expect: 'Închiriere biciclete electrice pentru ture prin Bucovina',
    note: 'typo: two letters swapped in „electrice”, last word',
  },
  {
    q: 'traduceri fraceza',
    expect: 'Traduceri din franceză în română, texte literare și tehnice',
    note: 'typo: „franceza” with a letter missing',
  },
  {
    q: 'intretinere gradni',
    expect: 'Întreținere grădini: gazon, gard viu și toaletarea pomilor',
    note: 'typo: „gradini” with a letter missing',
  },
  {
    q: 'lectii de pain',
    expect: 'Lecții de pian pentru copii, cu multă răbdare, în Șelimbăr',
    note: 'typo: „pian” with two letters swapped (not „pâine”: lessons)',
  },
  {
    q: 'dansul mirlor',
    expect: 'Lecții de dans pentru miri: coregrafie pentru dansul mirilor',
    note: 'typo: „mirilor” with a letter missing',
  },
  {
    q: 'filmre nunta',
    expect: 'Filmare de nuntă cu două camere și clip rezumat de 5 minute',
    note: 'typo: „filmare” with a letter missing; tells the video from the photos',
  },
  {
    q: 'fotografie cu dronna',
    expect: 'Fotografii aeriene cu drona pentru pensiuni din Delta Dunării',
    note: 'typo: „drona” with a letter doubled',
  },
  {
    q: 'recondtionare mobila',
    expect: 'Recondiționare mobilier vechi: șlefuire, vopsire, tapițerie',
    note: 'typo: „reconditionare” with a letter missing',
  },
  // The home tiles (Muzică, Dans, Grădinărit, Sport, Artă, Tehnologie) and sub-topic names as queries.
  {
    q: 'Dans',
    expect: 'Lecții de dans pentru miri: coregrafie pentru dansul mirilor',
    note: 'tile: home tile „Dans”; the only dance offer',
  },
  {
    q: 'Grădinărit',
    expect: 'Întreținere grădini: gazon, gard viu și toaletarea pomilor',
    note: 'tile: home tile „Grădinărit”; the only garden offer',
  },
  {
    q: 'muzica populara',
    expect: 'Formație pentru nunți și botezuri, muzică populară și de petrecere',
    note: 'tile: „Muzică” with a genre; the band plays „muzică populară”',
  },
  {
    q: 'Sport',
    expect: 'Curs de inițiere în navigația cu velă pe lacul Siutghiol',
    note: 'tile: home tile „Sport”; the sailing course is the clearest sport offer (then chess)',
  },
  {
    q: 'Tehnologie',
    expect: 'Reparații laptopuri: curățare, pastă termoconductoare, SSD',
    note: 'tile: home tile „Tehnologie”; laptop repair is the clearest tech offer',
  },
  {
    q: 'arta acuarela',
    expect: 'Invitații de nuntă și botez ilustrate manual în acuarelă',
    note: 'tile: „Artă” with a medium; watercolour invitations',
  },
  {
    q: 'Artă digitală',
    expect: 'Portrete de familie ilustrate digital, după fotografiile voastre',
    note: 'subtopic: Grafică & Design „Artă digitală” → digitally illustrated portraits',
  },
  {
    q: 'Lecții de pian',
    expect: 'Lecții de pian pentru copii, cu multă răbdare, în Șelimbăr',
    note: 'subtopic: Muzică, Teatru, Dans „Lecții de pian”',
  },
  {
    q: 'Formații pentru nunți',
    expect: 'Formație pentru nunți și botezuri, muzică populară și de petrecere',
    note: 'subtopic: „Formații pentru nunți” (title: „Formație pentru nunți”)',
  },
  {
    q: 'DJ',
    expect: 'DJ pentru petreceri private, majorate și evenimente corporate',
    note: 'subtopic: „DJ”, a two-letter word',
  },
  {
    q: 'Cozonaci și pască',
    expect: 'Cozonaci pufoși cu nucă și cacao, copți în cuptor pe lemne',
    note: 'subtopic: „Cozonaci și pască”',
  },
  {
    q: 'Mâncare tradițională',
    expect: 'Sarmale și bucate tradiționale maramureșene, gătite la comandă',
    note: 'subtopic: „Mâncare tradițională” (title: „bucate tradiționale”)',
  },
  {
    q: 'Service biciclete',
    expect: 'Service biciclete la domiciliu: revizie, frâne, schimbătoare',
    note: 'subtopic: Auto, Moto, Biciclete „Service biciclete”',
  },
  {
    q: 'Montaj pentru YouTube',
    expect: 'Montaj video pentru vloggeri și canale de YouTube',
    note: 'subtopic: Video & Animație „Montaj pentru YouTube”',
  },
  {
    q: 'Buget familial',
    expect: 'Consultanță gratuită: cum îți faci un buget de familie realist',
    note: 'subtopic: „Buget familial” (title: „buget de familie”)',
  },
  {
    q: 'Pregătire Bacalaureat',
    expect: 'Meditații la matematică pentru bacalaureat, profil real',
    note: 'subtopic: Meditații & Cursuri „Pregătire Bacalaureat”',
  },
  {
    q: 'Gresie și faianță',
    expect: 'Renovare băi la cheie: faianță, gresie, instalații noi',
    note: 'subtopic: „Gresie și faianță”, words in the other order in the title',
  },
  {
    q: 'Hamali',
    expect: 'Mutări și transport mobilă cu dubă și doi hamali',
    note: 'subtopic: Transport „Hamali” (title: „hamali”)',
  },
  {
    q: 'Microbuz cu șofer',
    expect: 'Transport turiști spre mănăstirile din Neamț și Bucovina',
    note: 'subtopic: „Microbuz cu șofer” (description: „microbuz”)',
  },
  {
    q: 'Fotografie de produs',
    expect: 'Fotografie de produs pe fundal alb pentru magazine online',
    note: 'subtopic: Fotografie „Fotografie de produs”',
  },
  {
    q: 'Logo și identitate vizuală',
    expect: 'Logo și identitate vizuală pentru afaceri mici și meșteșugari',
    note: 'subtopic: Grafică & Design „Logo și identitate vizuală”',
  },
  {
    q: 'Botezuri și evenimente',
    expect: 'Fotograf pentru botezuri și evenimente de familie în Botoșani',
    note: 'subtopic: Fotografie „Botezuri și evenimente”',
  },
  // Two- and three-word queries, and a last word still being typed.
  {
    q: 'lectii pia',
    expect: 'Lecții de pian pentru copii, cu multă răbdare, în Șelimbăr',
    note: 'partial: last word half-typed („pian”)',
  },
  {
    q: 'meditatii mate',
    expect: 'Meditații la matematică pentru bacalaureat, profil real',
    note: 'partial: last word half-typed („matematică”)',
  },
  {
    q: 'curs de gatit pes',
    expect: 'Curs de gătit pește și fructe de mare, pentru începători',
    note: 'partial: three words, last half-typed („pește”)',
  },
  {
    q: 'tort person',
    expect: 'Tort personalizat pentru aniversări, din ingrediente naturale',
    note: 'partial: last word half-typed („personalizat”)',
  },
  {
    q: 'traduceri germ',
    expect: 'Traduceri germană–română pentru acte de muncă și documente',
    note: 'partial: „traduceri” tells the translations from the German lessons',
  },
  {
    q: 'restaurare moto',
    expect: 'Restaurare motociclete clasice: Mobra, Jawa, MZ și Simson',
    note: 'partial: „moto…” for „motociclete”',
  },
  {
    q: 'montaj video you',
    expect: 'Montaj video pentru vloggeri și canale de YouTube',
    note: 'partial: three words, last half-typed („YouTube”)',
  },
  {
    q: 'team build',
    expect: 'Team building în zona Vulcanilor Noroioși din Buzău',
    note: 'partial: English words, last half-typed',
  },
  {
    q: 'portret familie ilust',
    expect: 'Portrete de familie ilustrate digital, după fotografiile voastre',
    note: 'partial: three words, last half-typed; singular „portret”',
  },
  {
    q: 'transport turisti manast',
    expect: 'Transport turiști spre mănăstirile din Neamț și Bucovina',
    note: 'partial: three words, last half-typed („mănăstiri”)',
  },
  {
    q: 'fotograf botez',
    expect: 'Fotograf pentru botezuri și evenimente de familie în Botoșani',
    note: 'multiword: two words, singular „botez” for „botezuri”',
  },
  {
    q: 'candy bar nunti',
    expect: 'Candy bar pentru nunți și botezuri, cu prăjituri mini asortate',
    note: 'multiword: three words, „nunti” without diacritics',
  },
  {
    q: 'apartament regim hotelier',
    expect: 'Consultanță pentru apartamente în regim hotelier pe litoral',
    note: 'multiword: three words, singular „apartament”',
  },
  {
    q: 'dj petrecere majorat',
    expect: 'DJ pentru petreceri private, majorate și evenimente corporate',
    note: 'multiword: three words, all singular for plurals in the title',
  },
  {
    q: 'cor copou',
    expect: 'Corul de amatori din Copou caută voci noi, repetiții gratuite',
    note: 'multiword: „cor” for „Corul”, a place name',
  },
  {
    q: 'logo afacere mica',
    expect: 'Logo și identitate vizuală pentru afaceri mici și meșteșugari',
    note: 'multiword: three words, singular for „afaceri mici”',
  },
  {
    q: 'plan afaceri finantare',
    expect: 'Plan de afaceri pentru finanțări nerambursabile și credite',
    note: 'multiword: three words, „finanțare” for „finanțări”',
  },
  {
    q: 'engleza conversatie adulti',
    expect: 'Lecții online de engleză conversațională pentru adulți',
    note: 'multiword: „conversație” for „conversațională”, no diacritics',
  },
  {
    q: 'modele tfp',
    expect: 'Caut modele pentru ședințe foto TFP în Alba Iulia',
    note: 'multiword: a rare abbreviation',
  },
  {
    q: 'texte pentru site',
    expect: 'Texte de prezentare pentru site-uri și descrieri de produse',
    note: 'multiword: singular „site” for „site-uri”',
  },
  {
    q: 'parchet laminat',
    expect: 'Zugrăveli interioare și montaj parchet laminat',
    note: 'multiword: two words of the title',
  },
  {
    q: 'montaj dulap ikea',
    expect: 'Montaj mobilă IKEA, Dedeman și Jysk, rapid și atent',
    note: 'multiword: „dulap” only in the description',
  },
  {
    q: 'pensiuni delta dunarii',
    expect: 'Fotografii aeriene cu drona pentru pensiuni din Delta Dunării',
    note: 'multiword: three words, a place name without diacritics',
  },
];
