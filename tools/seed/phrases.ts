// Phrase banks of the seed, always in pairs (French, English) so both languages say the same.

export interface Adjective {
  key: string;
  m: string;
  f: string;
  en: string;
}

export const ADJECTIVES: Readonly<Record<string, Adjective>> = {
  contemporary: { key: 'contemporary', m: 'contemporain', f: 'contemporaine', en: 'contemporary' },
  architect: { key: 'architect', m: "d'architecte", f: "d'architecte", en: 'architect-designed' },
  exceptional: { key: 'exceptional', m: "d'exception", f: "d'exception", en: 'exceptional' },
  renovated: { key: 'renovated', m: 'rénové', f: 'rénovée', en: 'renovated' },
  bright: { key: 'bright', m: 'lumineux', f: 'lumineuse', en: 'bright' },
  family: { key: 'family', m: 'familial', f: 'familiale', en: 'family' },
  haussmann: { key: 'haussmann', m: 'haussmannien', f: 'haussmannienne', en: 'Haussmann-style' },
  traditional: { key: 'traditional', m: 'traditionnel', f: 'traditionnelle', en: 'traditional' },
  provencal: { key: 'provencal', m: 'provençal', f: 'provençale', en: 'Provençal' },
  belleEpoque: { key: 'belleEpoque', m: 'Belle Époque', f: 'Belle Époque', en: 'Belle Époque' },
  neoBasque: { key: 'neoBasque', m: 'néo-basque', f: 'néo-basque', en: 'neo-Basque' },
  historic: { key: 'historic', m: 'historique', f: 'historique', en: 'historic' },
  restored: { key: 'restored', m: 'restauré', f: 'restaurée', en: 'restored' },
  luxurious: { key: 'luxurious', m: 'luxueux', f: 'luxueuse', en: 'luxurious' },
  quiet: { key: 'quiet', m: 'au calme', f: 'au calme', en: 'quiet' },
  buildable: { key: 'buildable', m: 'constructible', f: 'constructible', en: 'buildable' },
  wooded: { key: 'wooded', m: 'arboré', f: 'arborée', en: 'wooded' },
  investment: { key: 'investment', m: 'de rapport', f: 'de rapport', en: 'investment' },
  charming: { key: 'charming', m: 'de charme', f: 'de charme', en: 'charming' },
};

export interface Feature {
  key: string;
  fr: string;
  en: string;
}

export const FEATURES: Readonly<Record<string, Feature>> = {
  seaView: { key: 'seaView', fr: 'avec vue mer', en: 'with sea view' },
  pool: { key: 'pool', fr: 'avec piscine', en: 'with swimming pool' },
  garden: { key: 'garden', fr: 'avec jardin', en: 'with garden' },
  terrace: { key: 'terrace', fr: 'avec terrasse', en: 'with terrace' },
  balcony: { key: 'balcony', fr: 'avec balcon', en: 'with balcony' },
  slopes: { key: 'slopes', fr: 'au pied des pistes', en: 'at the foot of the slopes' },
  lakeView: { key: 'lakeView', fr: 'avec vue lac', en: 'with lake view' },
  village: { key: 'village', fr: 'au cœur du village', en: 'in the heart of the village' },
  vines: { key: 'vines', fr: 'au milieu des vignes', en: 'amid the vineyards' },
  park: { key: 'park', fr: 'dans un parc arboré', en: 'in wooded grounds' },
  topFloor: { key: 'topFloor', fr: 'au dernier étage', en: 'on the top floor' },
  fireplace: { key: 'fireplace', fr: 'avec cheminée', en: 'with fireplace' },
  tennis: { key: 'tennis', fr: 'avec court de tennis', en: 'with tennis court' },
};

/** Sentence templates; {placeholders} are filled by the offer generator. */
export type Pair = readonly [fr: string, en: string];

export const INTRO: readonly Pair[] = [
  [
    'Ce bien d’exception {prep_fr} offre {surface_fr} m² habitables.',
    'This exceptional property {prep_en} offers {surface_en} m² of living space.',
  ],
  [
    'Rare sur le marché {prep_fr} : {indef_fr} de {surface_fr} m² en parfait état.',
    'A rare find {prep_en}: {indef_en} of {surface_en} m² in perfect condition.',
  ],
  [
    'Nous vous proposons {prep_fr} {indef_fr} de {surface_fr} m² alliant caractère et confort.',
    'We present {prep_en} {indef_en} of {surface_en} m² combining character and comfort.',
  ],
  [
    'Idéalement placé {prep_fr}, ce bien de {surface_fr} m² séduira les plus exigeants.',
    'Ideally located {prep_en}, this {surface_en} m² property will appeal to the most demanding buyers.',
  ],
];

export const INTRO_LAND: readonly Pair[] = [
  [
    'Terrain de {field_fr} m² {prep_fr}, dans un environnement préservé.',
    'A {field_en} m² plot {prep_en}, in an unspoilt setting.',
  ],
  [
    'Rare {prep_fr} : un terrain de {field_fr} m² offrant de belles possibilités de construction.',
    'A rare opportunity {prep_en}: a {field_en} m² plot with fine building potential.',
  ],
];

export const INTRO_BUILDING: readonly Pair[] = [
  [
    'Ensemble de {surface_fr} m² {prep_fr}, en excellent état général.',
    'A {surface_en} m² property {prep_en}, in excellent overall condition.',
  ],
  [
    'Nous vous proposons {prep_fr} {indef_fr} de {surface_fr} m², idéal pour un investisseur.',
    'We present {prep_en} {indef_en} of {surface_en} m², ideal for an investor.',
  ],
];

export const LAYOUT: readonly Pair[] = [
  [
    'La distribution comprend {rooms} pièces, dont {bedrooms_fr}.',
    'The layout comprises {rooms} rooms, including {bedrooms_en}.',
  ],
  [
    'Le bien offre une vaste pièce de réception, une cuisine équipée et {bedrooms_fr}.',
    'The property offers a vast reception room, a fitted kitchen and {bedrooms_en}.',
  ],
  [
    'Les {rooms} pièces s’organisent autour d’un séjour baigné de lumière ; on compte {bedrooms_fr}.',
    'The {rooms} rooms are arranged around a light-filled living room, with {bedrooms_en}.',
  ],
];

export const ATOUTS_SENTENCE: readonly Pair[] = [
  ['Parmi ses atouts : {atouts_fr}.', 'Highlights include {atouts_en}.'],
  ['Le bien offre également {atouts_fr}.', 'The property also features {atouts_en}.'],
];

export const OUTDOOR: readonly Pair[] = [
  ['Le tout sur un terrain de {field_fr} m².', 'All set in {field_en} m² of grounds.'],
  [
    'Les extérieurs, sur {field_fr} m², ont été soigneusement aménagés.',
    'The {field_en} m² of outdoor space has been carefully landscaped.',
  ],
];

export const SETTING: Readonly<Record<string, readonly Pair[]>> = {
  city: [
    [
      'Commerces, écoles et transports à proximité immédiate.',
      'Shops, schools and public transport close by.',
    ],
    [
      'Une adresse recherchée, au calme, dans un immeuble de standing.',
      'A sought-after address, quiet, in a high-end building.',
    ],
  ],
  suburb: [
    [
      'Dans un quartier résidentiel prisé, à quelques minutes du centre-ville.',
      'In a sought-after residential area, a few minutes from the town centre.',
    ],
    [
      'Écoles réputées et commerces accessibles à pied.',
      'Renowned schools and shops within walking distance.',
    ],
  ],
  coastTown: [
    [
      'Les plages et le port sont accessibles à pied.',
      'The beaches and the harbour are within walking distance.',
    ],
    [
      'À deux pas du front de mer et des commerces.',
      'A stone’s throw from the seafront and the shops.',
    ],
  ],
  coast: [
    [
      'Au calme absolu, à quelques minutes des plages.',
      'In absolute peace and quiet, a few minutes from the beaches.',
    ],
    ['Un emplacement rare, face à la mer.', 'A rare location, facing the sea.'],
  ],
  mountain: [
    ['Les remontées mécaniques sont à quelques minutes.', 'The ski lifts are a few minutes away.'],
    [
      'Skis aux pieds l’hiver, randonnées et golf l’été.',
      'Ski-in ski-out in winter, hiking and golf in summer.',
    ],
  ],
  lake: [
    ['À quelques pas des rives du lac.', 'A few steps from the lakeshore.'],
    ['Un cadre paisible entre lac et montagnes.', 'A peaceful setting between lake and mountains.'],
  ],
  village: [
    [
      'À quelques pas du village et de ses commerces.',
      'A short walk from the village and its shops.',
    ],
    [
      'Au calme, sans vis-à-vis, avec une vue dégagée sur la campagne.',
      'Quiet and not overlooked, with open views over the countryside.',
    ],
  ],
  vineyard: [
    [
      'Au cœur d’un terroir réputé, entouré de vignes.',
      'At the heart of a renowned terroir, surrounded by vineyards.',
    ],
    [
      'Un cadre bucolique, à une demi-heure de la ville.',
      'A bucolic setting, half an hour from the city.',
    ],
  ],
  countryside: [
    [
      'Au calme absolu, dans un écrin de verdure.',
      'In absolute peace and quiet, in a green setting.',
    ],
    [
      'À proximité de toutes les commodités, sans en subir les nuisances.',
      'Close to all amenities, without the bustle.',
    ],
  ],
};

export const CLOSING: Readonly<Record<'V' | 'L' | 'S', readonly Pair[]>> = {
  V: [
    ['Une adresse rare, à découvrir sans tarder.', 'A rare address, not to be missed.'],
    ['Visite sur rendez-vous auprès de notre agence.', 'Viewings by appointment with our agency.'],
    ['Un bien de caractère, prêt à être habité.', 'A property of character, ready to move into.'],
  ],
  L: [
    [
      'Disponible rapidement, location meublée ou vide.',
      'Available soon, furnished or unfurnished.',
    ],
    [
      'Visites sur rendez-vous, dossier complet exigé.',
      'Viewings by appointment; a complete application is required.',
    ],
  ],
  S: [
    [
      'Idéal pour des vacances en famille ou entre amis ; conciergerie sur demande.',
      'Ideal for holidays with family or friends; concierge service on request.',
    ],
    [
      'Disponible à la semaine, linge et ménage inclus.',
      'Available by the week, linen and cleaning included.',
    ],
  ],
};

// --- agencies and networks ------------------------------------------------------------------

/** Invented network names: none is a real brand. */
export const NETWORKS: ReadonlyArray<{ name: string; fr: string; en: string }> = [
  {
    name: 'Aurelle Propriétés',
    fr: 'Maisons de caractère et propriétés de campagne.',
    en: 'Houses of character and country estates.',
  },
  {
    name: 'Céladon Immobilier',
    fr: 'Appartements d’exception dans les grandes villes.',
    en: 'Exceptional apartments in major cities.',
  },
  {
    name: 'Maison Valmorin',
    fr: 'Un réseau familial né sur la Côte d’Azur.',
    en: 'A family network born on the French Riviera.',
  },
  {
    name: 'Cap Saphir',
    fr: 'Villas et propriétés en bord de mer.',
    en: 'Seaside villas and estates.',
  },
  {
    name: 'Sommets Aldric',
    fr: 'Chalets et appartements dans les stations alpines.',
    en: 'Chalets and apartments in Alpine resorts.',
  },
  {
    name: 'Rivages Ondine',
    fr: 'Le littoral atlantique, du Bassin d’Arcachon au Pays basque.',
    en: 'The Atlantic coast, from Arcachon Bay to the Basque Country.',
  },
  {
    name: 'Terres de Lauzes',
    fr: 'Mas, bastides et domaines du Sud.',
    en: 'Mas, bastides and estates in the South.',
  },
  {
    name: 'Atelier Ysaline',
    fr: 'Lofts, ateliers et maisons d’architecte.',
    en: 'Lofts, studios and architect-designed houses.',
  },
  {
    name: 'Orsenne & Associés',
    fr: 'Hôtels particuliers et immeubles de prestige.',
    en: 'Private mansions and prestigious buildings.',
  },
  {
    name: 'Clos Amarante',
    fr: 'Domaines viticoles et châteaux.',
    en: 'Vineyard estates and châteaux.',
  },
  {
    name: 'Demeures Castelbrune',
    fr: 'Châteaux, manoirs et demeures historiques.',
    en: 'Châteaux, manor houses and historic homes.',
  },
  {
    name: 'Horizon Miravel',
    fr: 'L’immobilier de prestige en France et à l’international.',
    en: 'Prestige property in France and abroad.',
  },
  {
    name: 'Collection Ambrevent',
    fr: 'Locations saisonnières haut de gamme.',
    en: 'High-end seasonal rentals.',
  },
  {
    name: 'Pierre & Lavandin',
    fr: 'La Provence authentique, du Luberon aux Alpilles.',
    en: 'Authentic Provence, from the Luberon to the Alpilles.',
  },
  {
    name: 'Lumière Noirval',
    fr: 'Conseil en immobilier résidentiel haut de gamme.',
    en: 'Advice on high-end residential property.',
  },
];

export const INDEPENDENT_NAMES: readonly string[] = [
  'Maison & Patrimoine',
  'Pierres d’Exception',
  'L’Adresse Prestige',
  'Villas & Domaines',
  'Immobilier de Caractère',
  'Cabinet Delorme-Vasseur',
  'Agence Hauteville',
  'Demeures du Littoral',
  'Les Clés d’Argent',
  'Agence Belvédère',
  'Cabinet Marceau',
  'Héritage Immobilier',
];

export const NAME_SUFFIXES: readonly string[] = [
  'Centre',
  'Vieille Ville',
  'Bord de mer',
  'Village',
  'Est',
  'Ouest',
  'Rive Gauche',
  'Collines',
];

export const STREETS_FR: readonly string[] = [
  'avenue Victor-Hugo',
  'rue de la Paix',
  'boulevard du Général-de-Gaulle',
  'place de la République',
  'rue Nationale',
  'avenue Foch',
  'rue des Pins',
  'quai des Marins',
  'rue du Marché',
  'avenue des Tilleuls',
  'chemin des Vignes',
  'rue de l’Église',
  'avenue de la Plage',
  'rue du Port',
  'boulevard Carnot',
];

export const STREETS_ABROAD: Readonly<Record<string, readonly string[]>> = {
  CH: ['rue du Rhône', 'quai du Mont-Blanc', 'Bahnhofstrasse', 'Promenade'],
  ES: ['Avenida Ricardo Soriano', 'Calle Serrano', 'Passeig de Gràcia'],
  IT: ['Via Montenapoleone', 'Via della Spiga', 'Piazzetta'],
  PT: ['Avenida da Liberdade', 'Rua Castilho', 'Avenida Marginal'],
  GB: ['Mount Street', 'Sloane Street', 'Kensington Church Street'],
  BE: ['Avenue Louise', 'Zeedijk', 'Avenue Molière'],
  MC: ['boulevard des Moulins', 'avenue de la Costa', 'boulevard Princesse-Charlotte'],
  MA: ['avenue Mohammed-V', 'rue de la Liberté'],
  MU: ['Royal Road', 'Coastal Road'],
  US: ['Madison Avenue', 'Collins Avenue', 'Rodeo Drive', 'Main Street'],
  GR: ['Vasilissis Sofias', 'Matoyianni Street'],
  AE: ['Sheikh Zayed Road', 'Palm Jumeirah'],
};

export const AGENCY_INTRO: readonly Pair[] = [
  [
    'Implantée {prep_fr} depuis {year}, {name} accompagne une clientèle française et internationale dans l’achat, la vente et la location de biens d’exception.',
    'Established {prep_en} since {year}, {name} assists French and international clients in buying, selling and renting exceptional properties.',
  ],
  [
    'Depuis {year}, l’équipe de {name} met sa connaissance du marché local au service de vos projets {prep_fr}.',
    'Since {year}, the {name} team has put its knowledge of the local market at the service of your projects {prep_en}.',
  ],
];

export const AGENCY_MORE: readonly Pair[] = [
  ['Estimation offerte et discrétion assurée.', 'Free valuation and guaranteed discretion.'],
  [
    'Nos conseillers parlent français, anglais, italien et russe.',
    'Our advisers speak French, English, Italian and Russian.',
  ],
  ['Nous sélectionnons chaque bien avec exigence.', 'We select every property with care.'],
  [
    'Gestion locative et locations saisonnières sur demande.',
    'Property management and seasonal rentals on request.',
  ],
];

// --- reviews ----------------------------------------------------------------------------------

export const FIRST_NAMES_FR: readonly string[] = [
  'Claire',
  'Julien',
  'Sophie',
  'Thomas',
  'Isabelle',
  'Marc',
  'Camille',
  'Antoine',
  'Hélène',
  'Nicolas',
  'Céline',
  'Laurent',
  'Amélie',
  'Pierre',
  'Nathalie',
  'François',
  'Élodie',
  'Guillaume',
  'Valérie',
  'Olivier',
];
export const FIRST_NAMES_EN: readonly string[] = [
  'James',
  'Emma',
  'Oliver',
  'Charlotte',
  'William',
  'Sophia',
  'Henry',
  'Amelia',
  'George',
  'Olivia',
  'Edward',
  'Grace',
  'Michael',
  'Hannah',
  'David',
  'Lucy',
];

export const REVIEW_SOURCES: readonly string[] = ['Clairavis', 'Notimmo', 'Portail'];

export const REVIEWS_GOOD: Readonly<Record<'fr' | 'en', ReadonlyArray<readonly [string, string]>>> =
  {
    fr: [
      [
        'Un accompagnement remarquable',
        'Une équipe à l’écoute, disponible et d’un grand professionnalisme du début à la fin de notre achat.',
      ],
      [
        'Vente rapide et sereine',
        'Notre maison a été vendue en quelques semaines, au juste prix. Merci pour votre réactivité.',
      ],
      [
        'Très professionnel',
        'Des conseils avisés, des visites bien préparées et un suivi jusqu’à la signature chez le notaire.',
      ],
      [
        'Je recommande vivement',
        'Une connaissance parfaite du marché local et une grande discrétion.',
      ],
      [
        'Excellente expérience',
        'Recherche efficace : on nous a présenté uniquement des biens correspondant à nos critères.',
      ],
    ],
    en: [
      [
        'Outstanding service',
        'Attentive, available and highly professional from the first viewing to completion.',
      ],
      [
        'Quick and smooth sale',
        'Our house sold within weeks at the right price. Thank you for your responsiveness.',
      ],
      [
        'Very professional',
        'Sound advice, well-prepared viewings and follow-up right up to the signing.',
      ],
      ['Highly recommended', 'Perfect knowledge of the local market and great discretion.'],
      [
        'Excellent experience',
        'An efficient search: we were only shown properties that matched our brief.',
      ],
    ],
  };
export const REVIEWS_MIXED: Readonly<
  Record<'fr' | 'en', ReadonlyArray<readonly [string, string]>>
> = {
  fr: [
    [
      'Correct dans l’ensemble',
      'Bonne connaissance du secteur, mais des délais de réponse parfois longs.',
    ],
    ['Peut mieux faire', 'Des biens intéressants, mais des visites parfois mal organisées.'],
  ],
  en: [
    ['Fine overall', 'Good knowledge of the area, but replies sometimes took a while.'],
    [
      'Room for improvement',
      'Interesting properties, though viewings were sometimes poorly organised.',
    ],
  ],
};
export const REVIEWS_BAD: Readonly<Record<'fr' | 'en', ReadonlyArray<readonly [string, string]>>> =
  {
    fr: [
      [
        'Déçu',
        'Peu de suivi après la première visite, et des informations incomplètes sur le bien.',
      ],
      [
        'Communication difficile',
        'Il a fallu relancer l’agence à plusieurs reprises pour obtenir des réponses.',
      ],
    ],
    en: [
      [
        'Disappointed',
        'Little follow-up after the first viewing, and incomplete information about the property.',
      ],
      ['Poor communication', 'We had to chase the agency several times to get answers.'],
    ],
  };
/**
 * The agency's replies, by the tone of the review: thanks under a good one (4 or 5 stars), an
 * apology and an offer to talk under a mixed or bad one.
 */
export const REVIEW_RESPONSES: Readonly<
  Record<'good' | 'critical', Readonly<Record<'fr' | 'en', readonly string[]>>>
> = {
  good: {
    fr: [
      'Merci pour votre confiance et pour ce retour, au plaisir de vous accompagner à nouveau.',
      'Merci pour votre message : toute l’équipe est ravie d’avoir pu vous accompagner.',
      'Toute l’équipe vous remercie et vous souhaite beaucoup de bonheur dans votre nouvelle demeure.',
    ],
    en: [
      'Thank you for your trust and your feedback; we look forward to helping you again.',
      'Thank you for your message: the whole team is delighted to have been of help.',
      'The whole team thanks you and wishes you every happiness in your new home.',
    ],
  },
  critical: {
    fr: [
      'Nous regrettons que notre accompagnement n’ait pas été à la hauteur de vos attentes. Nous prenons bonne note de vos remarques pour améliorer notre suivi.',
      'Merci d’avoir pris le temps de nous écrire. Nous sommes désolés de ce manque de suivi et souhaitons en parler avec vous : n’hésitez pas à nous appeler.',
      'Nous entendons vos critiques et vous présentons nos excuses. Votre retour a été partagé avec toute l’équipe afin que cela ne se reproduise pas.',
    ],
    en: [
      'We are sorry that our service fell short of your expectations. We have taken note of your comments to improve our follow-up.',
      'Thank you for taking the time to write to us. We apologise for the lack of follow-up and would like to talk it over with you: please do call us.',
      'We hear your criticism and apologise. Your feedback has been shared with the whole team so that this does not happen again.',
    ],
  },
};
