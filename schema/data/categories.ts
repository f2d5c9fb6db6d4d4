import type { CategoryDef } from '../catalog/categories.ts';

/** The 14 categories of spec doc 1 §3, each with four columns of sub-topics (data; rules in catalog/). */
export const CATEGORIES: readonly CategoryDef[] = [
  {
    name: 'Fotografie',
    slug: 'fotografie',
    columns: [
      {
        title: 'Servicii Foto',
        topics: [
          'Fotografie de nuntă',
          'Botezuri și evenimente',
          'Ședințe foto de familie',
          'Portrete profesionale',
          'Fotografie de produs',
        ],
      },
      {
        title: 'Echipament Recomandat',
        topics: [
          'Aparate foto mirrorless',
          'Obiective',
          'Trepiede și stabilizatoare',
          'Blitzuri și iluminare',
          'Genți și accesorii',
        ],
      },
      {
        title: 'Tutoriale & Resurse',
        topics: [
          'Editare în Lightroom',
          'Retușare în Photoshop',
          'Compoziție și lumină',
          'Fotografie de noapte',
          'Cursuri pentru începători',
        ],
      },
      {
        title: 'Sfaturi Utile',
        topics: [
          'Alegerea primului aparat',
          'Fotografie cu telefonul',
          'Îngrijirea echipamentului',
          'Drepturi de autor',
          'Cum îți construiești portofoliul',
        ],
      },
    ],
  },
  {
    name: 'Prăjituri, Băcănie, Gătit',
    slug: 'prajituri-bacanie-gatit',
    columns: [
      {
        title: 'Prăjituri & Torturi',
        topics: [
          'Torturi aniversare',
          'Prăjituri de casă',
          'Cozonaci și pască',
          'Candy bar',
          'Dulciuri fără zahăr',
        ],
      },
      {
        title: 'Băcănie de Casă',
        topics: [
          'Dulcețuri și gemuri',
          'Zacuscă și conserve',
          'Miere de albine',
          'Brânzeturi tradiționale',
          'Pâine artizanală',
        ],
      },
      {
        title: 'Gătit la Comandă',
        topics: [
          'Meniuri pentru evenimente',
          'Catering pentru petreceri',
          'Mâncare tradițională',
          'Platouri reci',
          'Bucătar la domiciliu',
        ],
      },
      {
        title: 'Cursuri & Rețete',
        topics: [
          'Cursuri de gătit',
          'Cofetărie pentru începători',
          'Rețete vegane',
          'Patiserie franțuzească',
          'Decorarea torturilor',
        ],
      },
    ],
  },
  {
    name: 'Traduceri & Redactare',
    slug: 'traduceri-redactare',
    columns: [
      {
        title: 'Traduceri',
        topics: ['Engleză', 'Germană', 'Franceză', 'Italiană', 'Spaniolă', 'Maghiară'],
      },
      {
        title: 'Redactare & Copywriting',
        topics: [
          'Articole de blog',
          'Texte pentru site-uri',
          'Descrieri de produse',
          'Conținut pentru social media',
          'Scrisori de intenție',
        ],
      },
      {
        title: 'Corectură & Editare',
        topics: [
          'Corectură gramaticală',
          'Lucrări de licență',
          'Redactare CV',
          'Editare de carte',
          'Tehnoredactare',
        ],
      },
      {
        title: 'Documente & Acte',
        topics: [
          'Traduceri autorizate',
          'Traduceri legalizate',
          'Acte de stare civilă',
          'Diplome și foi matricole',
          'Contracte comerciale',
        ],
      },
    ],
  },
  {
    name: 'Finanțe & Contabilitate',
    slug: 'finante-contabilitate',
    columns: [
      {
        title: 'Contabilitate',
        topics: [
          'Contabilitate PFA',
          'Contabilitate SRL',
          'Salarizare',
          'Bilanț anual',
          'Evidență contabilă',
        ],
      },
      {
        title: 'Consultanță Fiscală',
        topics: [
          'Optimizare fiscală',
          'Impozit pe venit',
          'Înregistrare în scopuri de TVA',
          'Controale fiscale',
        ],
      },
      {
        title: 'Finanțe Personale',
        topics: [
          'Buget familial',
          'Planificare financiară',
          'Economisire și investiții',
          'Credite și refinanțare',
        ],
      },
      {
        title: 'Acte & Declarații',
        topics: ['Declarația unică', 'Înființare firmă', 'Autorizare PFA', 'Dosare de finanțare'],
      },
    ],
  },
  {
    name: 'Video & Animație',
    slug: 'video-animatie',
    columns: [
      {
        title: 'Filmare',
        topics: [
          'Filmare nunți',
          'Filmare evenimente',
          'Filmare cu drona',
          'Videoclipuri muzicale',
          'Clipuri de prezentare',
        ],
      },
      {
        title: 'Montaj Video',
        topics: [
          'Montaj pentru YouTube',
          'Clipuri pentru TikTok și Reels',
          'Corecție de culoare',
          'Subtitrare',
          'Efecte vizuale',
        ],
      },
      {
        title: 'Animație',
        topics: ['Animație 2D', 'Animație 3D', 'Motion graphics', 'Intro și logo animat', 'Video explicativ'],
      },
      {
        title: 'Echipament & Resurse',
        topics: [
          'Camere video',
          'Microfoane',
          'Lumini de studio',
          'Programe de editare',
          'Muzică fără drepturi de autor',
        ],
      },
    ],
  },
  {
    name: 'Business',
    slug: 'business',
    columns: [
      {
        title: 'Consultanță',
        topics: [
          'Plan de afaceri',
          'Strategie de business',
          'Fonduri europene',
          'Studii de piață',
          'Coaching antreprenorial',
        ],
      },
      {
        title: 'Marketing & Social Media',
        topics: [
          'Administrare pagini social media',
          'Campanii de promovare',
          'Optimizare SEO',
          'Email marketing',
          'Branding',
        ],
      },
      {
        title: 'Servicii IT & Web',
        topics: ['Creare site-uri', 'Magazine online', 'Aplicații mobile', 'Mentenanță IT', 'Automatizări'],
      },
      {
        title: 'Administrativ',
        topics: ['Asistent virtual', 'Introducere date', 'Resurse umane', 'Organizare evenimente corporate'],
      },
    ],
  },
  {
    name: 'Meditații & Cursuri',
    slug: 'meditatii-cursuri',
    columns: [
      {
        title: 'Meditații Școlare',
        topics: [
          'Matematică',
          'Limba română',
          'Fizică',
          'Chimie',
          'Pregătire Evaluare Națională',
          'Pregătire Bacalaureat',
        ],
      },
      {
        title: 'Limbi Străine',
        topics: ['Engleză', 'Germană', 'Franceză', 'Spaniolă', 'Italiană'],
      },
      {
        title: 'Cursuri Creative',
        topics: [
          'Pictură și desen',
          'Instrumente muzicale',
          'Croitorie',
          'Olărit',
          'Programare pentru copii',
        ],
      },
      {
        title: 'Sport & Mișcare',
        topics: ['Antrenor personal', 'Yoga', 'Înot', 'Tenis', 'Arte marțiale', 'Șah'],
      },
    ],
  },
  {
    name: 'Grafică & Design',
    slug: 'grafica-design',
    columns: [
      {
        title: 'Design Grafic',
        topics: [
          'Logo și identitate vizuală',
          'Afișe și flyere',
          'Cărți de vizită',
          'Invitații de nuntă',
          'Ambalaje',
        ],
      },
      {
        title: 'Ilustrație & Artă',
        topics: [
          'Portrete la comandă',
          'Tablouri pictate',
          'Ilustrații pentru cărți',
          'Artă digitală',
          'Caricaturi',
        ],
      },
      {
        title: 'Design Web',
        topics: [
          'Design de site-uri',
          'Interfețe pentru aplicații',
          'Bannere online',
          'Grafică pentru social media',
        ],
      },
      {
        title: 'Print & Personalizare',
        topics: ['Tricouri personalizate', 'Căni personalizate', 'Stickere', 'Gravură laser', 'Albume foto'],
      },
    ],
  },
  {
    name: 'Curățenie, Întreținere casă',
    slug: 'curatenie-intretinere-casa',
    columns: [
      {
        title: 'Curățenie',
        topics: [
          'Curățenie generală',
          'Curățenie după renovare',
          'Spălat geamuri',
          'Curățenie birouri',
          'Curățenie de primăvară',
        ],
      },
      {
        title: 'Întreținere Casă',
        topics: [
          'Spălat covoare',
          'Curățat canapele și saltele',
          'Călcat rufe',
          'Dezinfecție',
          'Menaj săptămânal',
        ],
      },
      {
        title: 'Grădină & Exterior',
        topics: ['Întreținere grădină', 'Tuns gazon', 'Tăiat pomi și gard viu', 'Plantări', 'Deszăpezire'],
      },
      {
        title: 'Servicii Speciale',
        topics: [
          'Dezinsecție și deratizare',
          'Curățare fațade',
          'Curățenie după evenimente',
          'Debarasare',
          'Curățat hote și aragaze',
        ],
      },
    ],
  },
  {
    name: 'Reparații, Instalații, Bricolaj',
    slug: 'reparatii-instalatii-bricolaj',
    columns: [
      {
        title: 'Reparații',
        topics: [
          'Electrocasnice',
          'Telefoane și tablete',
          'Calculatoare și laptopuri',
          'Mobilă',
          'Încălțăminte',
        ],
      },
      {
        title: 'Instalații',
        topics: [
          'Instalații sanitare',
          'Instalații electrice',
          'Centrale termice',
          'Aer condiționat',
          'Panouri fotovoltaice',
        ],
      },
      {
        title: 'Bricolaj',
        topics: ['Tâmplărie', 'Recondiționare mobilă', 'Obiecte din lemn', 'Sudură', 'Proiecte DIY'],
      },
      {
        title: 'Montaj & Mentenanță',
        topics: [
          'Montaj mobilă',
          'Montaj uși și ferestre',
          'Zugrăveli mici',
          'Prize și corpuri de iluminat',
          'Om bun la toate',
        ],
      },
    ],
  },
  {
    name: 'Muzică, Teatru, Dans',
    slug: 'muzica-teatru-dans',
    columns: [
      {
        title: 'Muzică',
        topics: [
          'Lecții de chitară',
          'Lecții de pian',
          'Canto',
          'Producție muzicală',
          'Instrumente muzicale',
        ],
      },
      {
        title: 'Teatru',
        topics: [
          'Cursuri de actorie',
          'Improvizație',
          'Teatru pentru copii',
          'Dicție și vorbit în public',
          'Costume și recuzită',
        ],
      },
      {
        title: 'Dans',
        topics: ['Dansul mirilor', 'Dans latino', 'Dans popular', 'Hip-hop', 'Balet', 'Tango'],
      },
      {
        title: 'Evenimente',
        topics: [
          'Formații pentru nunți',
          'DJ',
          'Animatori pentru copii',
          'Spectacole',
          'Sonorizare și lumini',
        ],
      },
    ],
  },
  {
    name: 'Auto, Moto, Biciclete',
    slug: 'auto-moto-biciclete',
    columns: [
      {
        title: 'Auto',
        topics: ['Piese auto', 'Detailing auto', 'Tuning', 'Diagnoză computerizată', 'Mașini de epocă'],
      },
      {
        title: 'Moto',
        topics: ['Motociclete', 'Echipament moto', 'Service moto', 'Scutere', 'ATV-uri'],
      },
      {
        title: 'Biciclete',
        topics: [
          'Biciclete de oraș',
          'Mountain bike',
          'Biciclete electrice',
          'Service biciclete',
          'Accesorii',
        ],
      },
      {
        title: 'Servicii',
        topics: [
          'Instructor auto',
          'Tractări auto',
          'Spălătorie auto mobilă',
          'Închirieri auto',
          'Verificare înainte de cumpărare',
        ],
      },
    ],
  },
  {
    name: 'Imobiliare, Construcții, Amenajări',
    slug: 'imobiliare-constructii-amenajari',
    columns: [
      {
        title: 'Imobiliare',
        topics: ['Apartamente de vânzare', 'Închirieri', 'Case și vile', 'Terenuri', 'Evaluări imobiliare'],
      },
      {
        title: 'Construcții',
        topics: ['Case la roșu', 'Acoperișuri', 'Izolații termice', 'Fundații și structuri', 'Proiectare'],
      },
      {
        title: 'Amenajări Interioare',
        topics: ['Design interior', 'Zugrăveli și vopsitorii', 'Gresie și faianță', 'Parchet', 'Rigips'],
      },
      {
        title: 'Amenajări Exterioare',
        topics: ['Pavaje', 'Garduri', 'Terase și foișoare', 'Amenajări peisagistice', 'Sisteme de irigații'],
      },
    ],
  },
  {
    name: 'Transport, Logistică, Curierat',
    slug: 'transport-logistica-curierat',
    columns: [
      {
        title: 'Transport Persoane',
        topics: ['Transfer aeroport', 'Transport la evenimente', 'Excursii de grup', 'Microbuz cu șofer'],
      },
      {
        title: 'Transport Marfă',
        topics: [
          'Transport mobilă',
          'Materiale de construcții',
          'Transport internațional',
          'Transport cu duba',
        ],
      },
      {
        title: 'Mutări',
        topics: ['Mutări locuințe', 'Mutări birouri', 'Hamali', 'Ambalare și împachetare', 'Depozitare'],
      },
      {
        title: 'Curierat & Livrări',
        topics: [
          'Livrări în oraș',
          'Curierat rapid',
          'Livrări de mâncare',
          'Colete în străinătate',
          'Cumpărături la domiciliu',
        ],
      },
    ],
  },
];
