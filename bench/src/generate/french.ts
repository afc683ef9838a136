/**
 * French word lists for the marketplace generator: names, cities, and per work sector the trainings
 * infopreneurs sell (keyed by the seeded sector names; an unknown sector gets the generic list).
 */

export const firstNames: readonly string[] = (
  'Adam, Alexandre, Alice, Amandine, Amine, Anaïs, Antoine, Arthur, Aurélie, Baptiste, Benjamin, ' +
  'Camille, Caroline, Céline, Charlotte, Chloé, Clara, Clément, Damien, David, Élodie, Émilie, ' +
  'Emma, Enzo, Fatima, Florian, Gabriel, Hugo, Inès, Jade, Jérémy, Julie, Julien, Karim, Kevin, ' +
  'Laura, Léa, Léo, Lina, Louis, Lucas, Lucie, Manon, Marie, Marine, Mathieu, Maxime, Mehdi, ' +
  'Mélanie, Nathan, Nicolas, Noémie, Océane, Pauline, Pierre, Quentin, Raphaël, Romain, Sabrina, ' +
  'Samir, Sarah, Sébastien, Sofiane, Sophie, Thomas, Valentin, Vincent, Yanis, Yasmine, Zoé'
).split(', ');

export const lastNames: readonly string[] = (
  'Bernard, Bertrand, Blanc, Bonnet, Boyer, Brun, Chevalier, Clément, Dubois, Dumont, Dupont, ' +
  'Durand, Faure, Fontaine, Fournier, Gaillard, Garcia, Garnier, Gauthier, Girard, Guérin, Henry, ' +
  'Lambert, Laurent, Lefèvre, Legrand, Leroy, Martin, Masson, Mathieu, Mercier, Michel, Morel, ' +
  'Moreau, Muller, Nicolas, Perrin, Petit, Richard, Robert, Robin, Roche, Rousseau, Roussel, Roux, ' +
  'Simon, Thomas, Vincent, Benali, Diallo, Haddad, Nguyen, Traoré, Mansouri, Da Silva, Lopez, ' +
  'Ferreira, Bouvier, Renaud, Marchand'
).split(', ');

/** Cities with a weight (population-ish): Paris and the big cities come up more often. */
export const cities: readonly (readonly [string, number])[] = [
  ['Paris, France', 20],
  ['Lyon, France', 8],
  ['Marseille, France', 7],
  ['Toulouse, France', 6],
  ['Bordeaux, France', 6],
  ['Lille, France', 5],
  ['Nantes, France', 5],
  ['Nice, France', 4],
  ['Strasbourg, France', 4],
  ['Montpellier, France', 4],
  ['Rennes, France', 3],
  ['Grenoble, France', 3],
  ['Toulon, France', 2],
  ['Dijon, France', 2],
  ['Angers, France', 2],
  ['Reims, France', 2],
  ['Le Havre, France', 1],
  ['Saint-Étienne, France', 2],
  ['Clermont-Ferrand, France', 2],
  ['Tours, France', 2],
  ['Limoges, France', 1],
  ['Metz, France', 1],
  ['Besançon, France', 1],
  ['Perpignan, France', 1],
  ['Orléans, France', 1],
  ['Rouen, France', 2],
  ['Caen, France', 1],
  ['Nancy, France', 1],
  ['Avignon, France', 1],
  ['Annecy, France', 1],
  ['Brest, France', 1],
  ['La Rochelle, France', 1],
  ['Biarritz, France', 1],
  ['Aix-en-Provence, France', 2],
  ['Bruxelles, Belgique', 3],
  ['Genève, Suisse', 2],
  ['Lausanne, Suisse', 1],
  ['Montréal, Canada', 2],
  ['Casablanca, Maroc', 2],
  ['Dakar, Sénégal', 1],
  ['Abidjan, Côte d’Ivoire', 1],
  ['Tunis, Tunisie', 1],
  ['Saint-Denis, La Réunion', 1],
];

export interface SectorWords {
  /** Training names sold in this sector. */
  trainings: readonly string[];
  /** What the sector is about, to put after "formation …" in a mission title. */
  subject: string;
  /** What a student learns, to put after "vous apprendrez à …". */
  outcomes: readonly string[];
}

const generic: SectorWords = {
  trainings: ['Programme d’accompagnement premium', 'Masterclass en ligne', 'Formation certifiante'],
  subject: 'formation en ligne',
  outcomes: ['passer à l’action rapidement', 'atteindre vos objectifs', 'progresser pas à pas'],
};

export const sectorWords: Record<string, SectorWords> = {
  'Art & créativité': {
    trainings: [
      'Dessin réaliste pour débutants',
      'Aquarelle : les bases',
      'Vivre de son art',
      'Peinture acrylique pas à pas',
    ],
    subject: 'art et créativité',
    outcomes: ['maîtriser les techniques de base', 'vendre vos œuvres en ligne', 'développer votre style'],
  },
  'Beauté & esthétique': {
    trainings: [
      'Prothésiste ongulaire certifiée',
      'Maquillage professionnel',
      'Extension de cils',
      'Ouvrir son institut de beauté',
    ],
    subject: 'esthétique',
    outcomes: [
      'réaliser des prestations professionnelles',
      'fidéliser votre clientèle',
      'lancer votre activité',
    ],
  },
  'Bien-être & santé': {
    trainings: [
      'Naturopathie : les fondamentaux',
      'Sophrologie pratique',
      'Gestion du stress et du sommeil',
      'Devenir praticien en massage bien-être',
    ],
    subject: 'bien-être',
    outcomes: [
      'accompagner vos clients vers le mieux-être',
      'gérer le stress au quotidien',
      'installer votre cabinet',
    ],
  },
  Bourse: {
    trainings: [
      'Investir en bourse avec le PEA',
      'Analyse technique des actions',
      'Dividendes : vivre de ses revenus passifs',
    ],
    subject: 'bourse',
    outcomes: ['construire un portefeuille solide', 'lire un graphique', 'investir sans stress'],
  },
  'Business & entrepreneuriat': {
    trainings: [
      'Lancer son business en ligne',
      'Créer sa micro-entreprise',
      'De salarié à entrepreneur',
      'Scaler son entreprise à 10 k€ par mois',
    ],
    subject: 'business',
    outcomes: ['trouver vos premiers clients', 'structurer votre offre', 'automatiser votre acquisition'],
  },
  Coaching: {
    trainings: [
      'Devenir coach certifié',
      'Coaching de vie : la méthode',
      'Trouver ses premiers clients de coaching',
    ],
    subject: 'coaching',
    outcomes: ['mener des séances de coaching efficaces', 'remplir votre agenda', 'fixer vos tarifs'],
  },
  Copywriting: {
    trainings: [
      'Copywriting persuasif',
      'Écrire des pages de vente qui convertissent',
      'Email marketing et séquences de vente',
    ],
    subject: 'copywriting',
    outcomes: [
      'écrire des textes qui vendent',
      'construire des séquences e-mail',
      'trouver des clients en freelance',
    ],
  },
  Cuisine: {
    trainings: [
      'Pâtisserie française à la maison',
      'Cuisine végétarienne gourmande',
      'Devenir chef à domicile',
    ],
    subject: 'cuisine',
    outcomes: ['maîtriser les bases de la pâtisserie', 'cuisiner sain et vite', 'vivre de votre passion'],
  },
  Design: {
    trainings: [
      'Design graphique avec Figma',
      'UX/UI design : de zéro à freelance',
      'Créer son identité visuelle',
    ],
    subject: 'design',
    outcomes: ['concevoir des interfaces', 'construire un portfolio', 'décrocher vos premières missions'],
  },
  'Développement de carrière': {
    trainings: [
      'Réussir sa reconversion professionnelle',
      'Négocier son salaire',
      'Décrocher le job de ses rêves',
    ],
    subject: 'reconversion professionnelle',
    outcomes: ['réussir vos entretiens', 'valoriser votre parcours', 'changer de métier sereinement'],
  },
  'Développement personnel': {
    trainings: [
      'Développement personnel : confiance en soi',
      'Estime de soi et affirmation',
      'Vaincre la procrastination',
      'Développement personnel : trouver sa mission de vie',
    ],
    subject: 'développement personnel',
    outcomes: ['reprendre confiance en vous', 'vous fixer des objectifs clairs', 'dépasser vos blocages'],
  },
  'E-commerce': {
    trainings: ['Lancer sa boutique Shopify', 'Dropshipping rentable', 'Vendre sur Amazon FBA'],
    subject: 'e-commerce',
    outcomes: ['trouver un produit gagnant', 'lancer vos publicités', 'gérer vos fournisseurs'],
  },
  'Éducation & soutien scolaire': {
    trainings: [
      'Méthodes de mémorisation pour étudiants',
      'Réussir le bac',
      'Devenir professeur particulier',
    ],
    subject: 'soutien scolaire',
    outcomes: ['apprendre plus vite', 'réviser efficacement', 'accompagner des élèves'],
  },
  'Finance & investissement': {
    trainings: [
      'Gestion de patrimoine pour particuliers',
      'Liberté financière : investir intelligemment',
      'Optimisation fiscale',
    ],
    subject: 'investissement',
    outcomes: [
      'faire fructifier votre épargne',
      'réduire vos impôts',
      'préparer votre indépendance financière',
    ],
  },
  'Formation professionnelle (CPF)': {
    trainings: [
      'Bureautique Excel certifiante',
      'Devenir formateur professionnel',
      'Management de projet certifiant',
    ],
    subject: 'formation professionnelle',
    outcomes: ['obtenir une certification reconnue', 'monter en compétences', 'financer votre formation'],
  },
  Immobilier: {
    trainings: [
      'Immobilier locatif rentable',
      'Investir en colocation',
      'Achat-revente immobilier',
      'Devenir agent immobilier indépendant',
      'Location courte durée Airbnb',
    ],
    subject: 'immobilier',
    outcomes: ['trouver des biens rentables', 'négocier avec les banques', 'gérer vos locataires'],
  },
  'Informatique & programmation': {
    trainings: ['Développeur web full stack', 'Apprendre Python', 'Devenir développeur JavaScript'],
    subject: 'développement web',
    outcomes: [
      'coder vos premières applications',
      'décrocher un poste de développeur',
      'travailler en freelance',
    ],
  },
  'Intelligence artificielle': {
    trainings: ['ChatGPT pour entrepreneurs', 'Automatiser son business avec l’IA', 'Prompt engineering'],
    subject: 'intelligence artificielle',
    outcomes: ['gagner des heures chaque semaine', 'automatiser vos tâches', 'créer du contenu avec l’IA'],
  },
  Langues: {
    trainings: ['Anglais des affaires', 'Espagnol express', 'Parler anglais couramment en 90 jours'],
    subject: 'langues',
    outcomes: ['parler avec aisance', 'réussir vos réunions en anglais', 'passer une certification'],
  },
  'Management & leadership': {
    trainings: ['Manager une équipe commerciale', 'Leadership bienveillant', 'Devenir manager'],
    subject: 'management',
    outcomes: ['motiver votre équipe', 'déléguer efficacement', 'conduire le changement'],
  },
  'Marketing digital': {
    trainings: [
      'Publicité Facebook Ads',
      'Marketing digital : stratégie complète',
      'SEO et référencement naturel',
      'Tunnel de vente automatisé',
    ],
    subject: 'marketing digital',
    outcomes: [
      'générer des leads qualifiés',
      'rentabiliser vos publicités',
      'construire votre tunnel de vente',
    ],
  },
  Musique: {
    trainings: ['Apprendre la guitare', 'Produire sa musique à la maison', 'Piano pour adultes'],
    subject: 'musique',
    outcomes: ['jouer vos premiers morceaux', 'composer et mixer', 'progresser sans solfège'],
  },
  Nutrition: {
    trainings: ['Rééquilibrage alimentaire', 'Nutrition sportive', 'Devenir conseiller en nutrition'],
    subject: 'nutrition',
    outcomes: [
      'manger équilibré sans frustration',
      'accompagner vos clients',
      'comprendre les macronutriments',
    ],
  },
  Parentalité: {
    trainings: ['Éducation positive', 'Gérer les colères de son enfant', 'Parentalité sereine'],
    subject: 'parentalité',
    outcomes: ['poser un cadre bienveillant', 'apaiser les conflits', 'retrouver de la sérénité en famille'],
  },
  Photographie: {
    trainings: ['Photographie de portrait', 'Vivre de la photographie', 'Retouche photo avec Lightroom'],
    subject: 'photographie',
    outcomes: ['maîtriser la lumière', 'retoucher vos images', 'vendre vos prestations'],
  },
  'Prise de parole en public': {
    trainings: ['Prise de parole en public', 'Charisme et éloquence', 'Réussir ses présentations'],
    subject: 'prise de parole',
    outcomes: ['parler sans stress', 'captiver votre audience', 'structurer vos interventions'],
  },
  Productivité: {
    trainings: [
      'Organisation et productivité',
      'Gestion du temps pour entrepreneurs',
      'Notion : organiser sa vie',
    ],
    subject: 'productivité',
    outcomes: ['gagner du temps chaque jour', 'prioriser vos tâches', 'retrouver du focus'],
  },
  'Relations & séduction': {
    trainings: ['Confiance en soi en séduction', 'Retrouver l’amour', 'Communication dans le couple'],
    subject: 'relations',
    outcomes: ['oser aller vers les autres', 'communiquer sereinement', 'construire une relation durable'],
  },
  'Réseaux sociaux': {
    trainings: [
      'Instagram : 10 000 abonnés',
      'Devenir créateur de contenu TikTok',
      'LinkedIn pour indépendants',
      'Community manager freelance',
    ],
    subject: 'réseaux sociaux',
    outcomes: ['développer votre audience', 'monétiser votre contenu', 'publier avec régularité'],
  },
  'Sport & fitness': {
    trainings: ['Devenir coach sportif en ligne', 'Programme remise en forme', 'Musculation à la maison'],
    subject: 'coaching sportif',
    outcomes: ['créer des programmes d’entraînement', 'accompagner vos clients à distance', 'rester motivé'],
  },
  Spiritualité: {
    trainings: ['Méditation de pleine conscience', 'Reiki niveau 1', 'Astrologie pratique'],
    subject: 'spiritualité',
    outcomes: [
      'installer une pratique quotidienne',
      'accompagner les autres',
      'vous reconnecter à vous-même',
    ],
  },
  'Trading & crypto': {
    trainings: [
      'Trading crypto pour débutants',
      'Trading forex : stratégie rentable',
      'Bitcoin et blockchain',
      'Investir dans la crypto',
    ],
    subject: 'trading crypto',
    outcomes: ['gérer votre risque', 'lire les tendances du marché', 'sécuriser vos actifs'],
  },
  'Vente & négociation': {
    trainings: [
      'Formation closing téléphonique',
      'Devenir closer high ticket',
      'Setting : prendre des rendez-vous qualifiés',
      'Négociation commerciale',
    ],
    subject: 'vente',
    outcomes: ['mener un appel de vente', 'traiter les objections', 'conclure plus de ventes'],
  },
  'Vidéo & montage': {
    trainings: ['Montage vidéo avec Premiere Pro', 'YouTube : lancer sa chaîne', 'Monteur vidéo freelance'],
    subject: 'vidéo',
    outcomes: ['monter des vidéos dynamiques', 'faire grandir votre chaîne', 'travailler avec des créateurs'],
  },
  Voyage: {
    trainings: ['Devenir digital nomad', 'Voyager en travaillant', 'Créer son agence de voyage en ligne'],
    subject: 'voyage',
    outcomes: ['travailler depuis n’importe où', 'voyager à petit budget', 'lancer votre activité nomade'],
  },
};

export function wordsOf(sector: string): SectorWords {
  return sectorWords[sector] ?? generic;
}

/** Ways a training name is varied, so that 2,000 offers do not carry 130 names. */
export const trainingVariants = [
  (name: string) => name,
  (name: string) => name,
  (name: string) => `${name} – programme complet`,
  (name: string) => `${name} – édition 2026`,
  (name: string) => `${name} (niveau avancé)`,
  (name: string) => `${name} pour débutants`,
  (name: string) => `Masterclass ${lowerFirst(name)}`,
  (name: string) => `Académie ${lowerFirst(name)}`,
  (name: string) => `${name} en 30 jours`,
] as const;

export const trainingFormats = [
  'en ligne de 8 semaines',
  '100 % en ligne, à votre rythme',
  'en petits groupes',
  'intensive sur 3 jours',
  'en vidéo avec des lives hebdomadaires',
  'hybride, en ligne et en présentiel',
] as const;

export const trainingProofs = [
  'Plus de {n} élèves formés depuis {year}.',
  'Accès à vie aux modules et à la communauté privée.',
  'Des coachings de groupe chaque semaine et un support par e-mail.',
  'Satisfait ou remboursé pendant 14 jours.',
  'Des exercices pratiques et des études de cas à chaque module.',
  'Une attestation de fin de formation est délivrée.',
] as const;

/** Mission titles: the profile sought, then how it is phrased. */
export const roleNouns = {
  setter: [
    'Setter',
    'Setter expérimenté',
    'Setter Instagram',
    'Setter LinkedIn',
    'Setter téléphonique',
    'Appointment setter',
  ],
  closer: [
    'Closer',
    'Closer expérimenté',
    'Closer high ticket',
    'Closer téléphonique',
    'Closer en visio',
    'Closer confirmé',
  ],
  setter_closer: [
    'Setter-closer',
    'Setter & closer',
    'Commercial setter-closer',
    'Profil setter/closer polyvalent',
  ],
} as const;

export const missionTitleTemplates = [
  '{role} pour formation {subject}',
  '{role} pour formation {subject}',
  '{role} pour « {training} »',
  'Recherche {roleLower} – {subject}',
  '{role} à la commission : {subject}',
  'Mission {roleLower} : {training}',
  '{role} {motivated} pour offre {subject} à {price} €',
] as const;

export const motivated = [
  'motivé',
  'autonome',
  'rigoureux',
  'à l’aise au téléphone',
  'orienté résultats',
] as const;

export const missionTasks = {
  setter: [
    'Vous qualifierez les prospects entrants depuis Instagram et fixerez les rendez-vous de notre équipe de closing.',
    'Vous contacterez les leads issus de nos webinaires et réserverez des appels découverte qualifiés.',
    'Vous prospecterez sur LinkedIn et en messages privés pour remplir l’agenda de nos closers.',
  ],
  closer: [
    'Vous mènerez les appels de vente avec des prospects déjà qualifiés et conclurez les ventes.',
    'Vous animerez des appels en visio de 45 minutes, traiterez les objections et closerez en un appel.',
    'Vous reprendrez les rendez-vous posés par nos setters et accompagnerez les prospects jusqu’à l’inscription.',
  ],
  setter_closer: [
    'Vous gérerez l’ensemble du cycle : prise de contact, qualification et closing.',
    'Vous relancerez les leads, poserez les rendez-vous et conclurez vous-même les ventes.',
  ],
} as const;

export const missionDetails = [
  'Commission de {rate} % par vente, soit {amount} € par formation vendue.',
  'Entre 10 et 20 rendez-vous qualifiés par semaine sont fournis.',
  'Leads chauds issus de nos publicités et de notre newsletter.',
  'Une expérience en {subject} est appréciée.',
  'Mission 100 % à distance, horaires flexibles.',
  'Scripts, CRM et formation interne fournis dès le premier jour.',
  'Objectif : {sales} ventes par mois, avec un bonus au-delà.',
] as const;

export const freelancerIntros = {
  setter: 'Setter',
  closer: 'Closer',
  setter_closer: 'Setter-closer',
} as const;

export const freelancerSentences = [
  'J’ai accompagné {n} infopreneurs et généré plus de {k} k€ de ventes.',
  'À l’aise avec {skillA} et {skillB}.',
  'Je travaille surtout sur des offres entre 1 000 et 5 000 €.',
  'Habitué aux lancements de formation et aux webinaires de vente.',
  'Disponible {availability} pour de nouvelles missions.',
  'Rigoureux sur le suivi CRM et le reporting quotidien.',
] as const;

export const availabilities = [
  'immédiatement',
  'à temps plein',
  'à mi-temps',
  'le soir et le week-end',
] as const;

export function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Replaces each `{key}` of a template. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`));
}

/** "Développement personnel : confiance en soi" → "developpement-personnel-confiance-en-soi" */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
