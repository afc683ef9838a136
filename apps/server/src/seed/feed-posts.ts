/**
 * The demo feed's posts (feed.ts): who wrote them (a demo e-mail or a generated member's index),
 * their body as the editor sends it (feed.ts keeps what the sanitiser keeps), tags, age, how many
 * like them and their comments.
 */

export interface DemoComment {
  by: string | number;
  body: string;
}

export interface DemoPost {
  by: string | number;
  title: string;
  html: string;
  tags: string[];
  /** Days since publication (fractions: hours). */
  daysAgo: number;
  likes: number;
  comments: DemoComment[];
  status?: 'published' | 'archived' | 'draft';
}

const p = (text: string) => `<p>${text}</p>`;
const ul = (items: string[]) => `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
const h2 = (text: string) => `<h2>${text}</h2>`;
const a = (href: string, text: string) => `<a href="${href}">${text}</a>`;

const SETTER = 'setter@closia.fr';
const CLOSER = 'closer@closia.fr';
const BOTH = 'setter-closer@closia.fr';
const INES = 'infopreneur@closia.fr';
const THOMAS = 'thomas.bernard@demo.closia.fr';
const LEA = 'lea.petit@demo.closia.fr';
const HUGO = 'hugo.robert@demo.closia.fr';
const KARIM = 'karim.haddad@demo.closia.fr';
const SARAH = 'sarah.moreau@demo.closia.fr';

export const demoPosts: DemoPost[] = [
  {
    by: CLOSER,
    title: 'Mes 3 questions pour désamorcer « je dois réfléchir »',
    html:
      p(
        'Après plus de 400 ventes, je suis convaincue que « je dois réfléchir » n’est presque jamais une vraie objection. C’est un signal : il manque une information.',
      ) +
      ul([
        '<strong>« À quoi exactement ? »</strong> — on identifie le vrai frein.',
        '<strong>« Qu’est-ce qui vous ferait dire oui aujourd’hui ? »</strong> — on mesure l’écart.',
        '<strong>« Qui d’autre doit être d’accord ? »</strong> — on découvre le conjoint ou l’associé.',
      ]) +
      p('Et vous, quelle est votre question fétiche ?'),
    tags: ['closing', 'objections'],
    daysAgo: 1.2,
    likes: 23,
    comments: [
      { by: HUGO, body: 'La troisième me sauve la mise au moins une fois par semaine. Merci Camille !' },
      { by: 3, body: 'Je note. Je me faisais avoir systématiquement par le conjoint absent.' },
      { by: SETTER, body: 'Je vais faire passer ça à nos closers, ça aide aussi côté qualification.' },
    ],
  },
  {
    by: SETTER,
    title: 'Instagram : le message d’ouverture qui me donne 30 % de réponses',
    html:
      p(
        'On me demande souvent mon premier message. Le voici, sans secret : court, personnel, et sans rien vendre.',
      ) +
      p(
        '<em>« Salut Julie, j’ai vu ta story sur ton premier appart à Lyon, félicitations ! Tu l’as trouvé comment, ce bien ? »</em>',
      ) +
      p(
        'La clé : une vraie question sur <strong>leur</strong> projet. La vente vient trois messages plus tard.',
      ),
    tags: ['prospection', 'instagram', 'setting'],
    daysAgo: 2.5,
    likes: 31,
    comments: [
      { by: THOMAS, body: 'Pareil sur LinkedIn : plus le premier message est court, plus on a de réponses.' },
      { by: 0, body: 'Tu envoies combien de messages par jour en moyenne ?' },
      {
        by: SETTER,
        body: 'Une cinquantaine de nouveaux, plus les relances. Le plus important c’est la régularité.',
      },
      { by: 5, body: 'Testé ce matin sur 20 profils, déjà 6 réponses. Merci !' },
    ],
  },
  {
    by: INES,
    title: 'Webinaire demain soir : les 5 erreurs du premier investissement locatif',
    html:
      p(
        'Demain à 19 h, je vous montre les cinq erreurs que je vois le plus chez mes élèves, avec trois dossiers réels.',
      ) +
      ul([
        'Acheter là où l’on habite plutôt que là où ça loue',
        'Oublier la taxe foncière dans le calcul',
        'Négocier sans argument',
      ]) +
      p(
        `Inscription gratuite sur la page du webinaire, et le ${a('https://www.closia.fr/ressources/simulateur', 'simulateur de rentabilité')} est offert aux inscrits.`,
      ),
    tags: ['webinaire', 'immobilier'],
    daysAgo: 0.3,
    likes: 12,
    comments: [
      { by: 8, body: 'Inscrit ! Hâte d’avoir votre avis sur la taxe foncière, c’est ce qui m’a bloqué.' },
      { by: 12, body: 'Il y aura un replay ?' },
      { by: INES, body: 'Pas pour celui-ci, il faut venir en direct. Mais la masterclass aura son replay.' },
    ],
  },
  {
    by: BOTH,
    title: 'Setter et closer à la fois : mon organisation de la semaine',
    html:
      h2('Le principe') +
      p(
        'Je sépare strictement les blocs : le matin prospection et relances, l’après-midi appels de closing. Mélanger les deux me faisait perdre une heure par jour.',
      ) +
      h2('Ma semaine type') +
      ul([
        'Lundi : nettoyage du CRM et priorités',
        'Mardi à jeudi : 3 à 4 closings par jour',
        'Vendredi : bilan chiffré et formation',
      ]),
    tags: ['organisation', 'setting', 'closing'],
    daysAgo: 4,
    likes: 17,
    comments: [
      { by: LEA, body: 'Même organisation ici, le bloc du vendredi est celui qui fait le plus progresser.' },
      { by: 14, body: 'Tu utilises quel outil pour bloquer ton agenda ?' },
    ],
  },
  {
    by: HUGO,
    title: 'OPCO : comment j’explique le financement en 2 minutes',
    html:
      p(
        'Beaucoup de prospects B2B ne savent pas que leur formation peut être prise en charge. Mon script tient en trois phrases : qui paie, ce qu’il faut fournir, combien de temps ça prend.',
      ) + p('Résultat : moins d’objections sur le prix, et des dossiers qui passent.'),
    tags: ['closing', 'financement'],
    daysAgo: 5,
    likes: 9,
    comments: [{ by: 16, body: 'Tu as un modèle de mail à envoyer après l’appel ?' }],
  },
  {
    by: 1,
    title: 'Mon premier mois comme closer : bilan honnête',
    html:
      p('Un mois, 38 appels, 5 ventes. Loin de ce que j’imaginais, mais j’ai appris énormément.') +
      ul([
        'Écouter plus que parler',
        'Reformuler avant de répondre à une objection',
        'Préparer chaque appel avec la fiche du setter',
      ]) +
      p('Merci à ceux qui m’ont conseillé ici !'),
    tags: ['closing', 'mindset', 'debutant'],
    daysAgo: 6,
    likes: 28,
    comments: [
      { by: CLOSER, body: '5 ventes le premier mois, c’est très bien. Continue à réécouter tes appels.' },
      { by: 7, body: 'Bravo ! Tu prospectais aussi ou tu recevais les rendez-vous ?' },
      { by: 1, body: 'Uniquement des rendez-vous qualifiés par l’équipe de setting.' },
    ],
  },
  {
    by: THOMAS,
    title: 'LinkedIn : 5 signaux qu’un prospect est prêt à parler',
    html: ul([
      'Il a changé de poste récemment',
      'Il commente des posts sur le sujet',
      'Il a visité votre profil deux fois',
      'Il pose une question publique',
      'Il suit la page de l’infopreneur',
    ]),
    tags: ['prospection', 'linkedin'],
    daysAgo: 7,
    likes: 14,
    comments: [{ by: SARAH, body: 'Le deuxième signal est sous-estimé, merci pour le rappel.' }],
  },
  {
    by: KARIM,
    title: 'Vendre une formation trading sans promettre de gains',
    html:
      p(
        'Sur notre marché, la conformité n’est pas négociable. Je ne parle jamais de rendement : je parle de méthode, de temps à y consacrer et de gestion du risque.',
      ) + p('Paradoxalement, c’est ce qui rassure le plus les prospects sérieux.'),
    tags: ['closing', 'ethique'],
    daysAgo: 9,
    likes: 19,
    comments: [
      { by: 9, body: 'Merci de le rappeler, trop de gens vendent du rêve.' },
      { by: 18, body: 'Tu as des formulations à éviter absolument ?' },
    ],
  },
  {
    by: 2,
    title: 'Quel CRM utilisez-vous pour suivre vos leads ?',
    html: p('Je jongle entre un tableur et mes notes, ça devient ingérable. Vous suivez vos prospects où ?'),
    tags: ['outils', 'crm'],
    daysAgo: 10,
    likes: 6,
    comments: [
      {
        by: SETTER,
        body: 'Le CRM de Closia : les leads des webinaires y arrivent tout seuls, c’est un vrai gain de temps.',
      },
      { by: 11, body: 'Un tableur partagé au début, puis un CRM dès qu’on dépasse 50 prospects.' },
      {
        by: 20,
        body: 'Achète des fichiers de leads sur mon site, 10 000 contacts pour 49 €, lien en bio !!!',
      },
    ],
  },
  {
    by: LEA,
    title: 'Le silence au téléphone est votre meilleur allié',
    html: p(
      'Après avoir annoncé le prix, je me tais. Compter jusqu’à cinq dans sa tête change tout : c’est le prospect qui reprend la parole, et souvent pour dire oui.',
    ),
    tags: ['closing', 'mindset'],
    daysAgo: 11,
    likes: 25,
    comments: [{ by: 4, body: 'Le plus dur à apprendre, et le plus efficace.' }],
  },
  {
    by: INES,
    title: 'Replay disponible : bilan immobilier 2026',
    html:
      p(
        'Merci aux 120 personnes présentes ! Le replay est disponible sur la page du webinaire pour tous les inscrits.',
      ) + p('Prochain rendez-vous : l’atelier financement sans apport, les places partent vite.'),
    tags: ['webinaire', 'immobilier', 'replay'],
    daysAgo: 20,
    likes: 21,
    comments: [
      { by: 10, body: 'Merci pour la partie sur le DPE, très claire.' },
      { by: 13, body: 'Les chiffres de Rennes m’ont surpris !' },
    ],
  },
  {
    by: SARAH,
    title: 'Cold calling : mes horaires qui marchent le mieux',
    html: ul([
      '8 h 30 – 9 h 30 : les dirigeants décrochent avant leurs réunions',
      '12 h 30 – 13 h 30 : pause déjeuner',
      '17 h 30 – 19 h : fin de journée, plus détendus',
    ]),
    tags: ['prospection', 'telephone'],
    daysAgo: 12,
    likes: 11,
    comments: [{ by: 6, body: 'Je confirme pour le créneau du matin.' }],
  },
  {
    by: 6,
    title: 'Comment gérez-vous les no-shows ?',
    html: p(
      'Environ un rendez-vous sur quatre ne se présente pas. Rappel SMS la veille, message une heure avant… Vos astuces ?',
    ),
    tags: ['setting', 'organisation'],
    daysAgo: 13,
    likes: 8,
    comments: [
      {
        by: BOTH,
        body: 'Un message vocal personnalisé la veille : mon taux de présence est passé de 70 à 90 %.',
      },
      { by: 15, body: 'Faire choisir le créneau au prospect plutôt que l’imposer.' },
    ],
  },
  {
    by: 8,
    title: 'Ressource : les meilleurs livres sur la vente',
    html: ul([
      '<strong>SPIN Selling</strong> — Neil Rackham',
      '<strong>Never Split the Difference</strong> — Chris Voss',
      '<strong>L’art de la négociation</strong> — un classique à relire',
    ]),
    tags: ['outils', 'formation'],
    daysAgo: 15,
    likes: 16,
    comments: [{ by: HUGO, body: 'SPIN Selling en premier, sans hésiter.' }],
  },
  {
    by: CLOSER,
    title: 'Pourquoi je réécoute chaque appel perdu',
    html: p(
      'Chaque vendredi, je réécoute les appels qui n’ont pas signé. Neuf fois sur dix, l’erreur est dans les dix premières minutes : une découverte trop rapide.',
    ),
    tags: ['closing', 'formation'],
    daysAgo: 16,
    likes: 20,
    comments: [
      { by: 17, body: 'Tu enregistres avec l’accord du prospect ?' },
      { by: CLOSER, body: 'Toujours, on le demande en début d’appel.' },
    ],
  },
  {
    by: 9,
    title: 'Trouver sa première mission de setter',
    html:
      p(
        'Après trois semaines de recherche, j’ai enfin été acceptée sur une mission. Ce qui a fait la différence : un profil complet et un message de candidature personnalisé.',
      ) +
      p(
        `J’ai suivi les conseils de cet ${a('https://www.closia.fr/blog/candidature', 'article sur la candidature')}.`,
      ),
    tags: ['debutant', 'setting'],
    daysAgo: 18,
    likes: 13,
    comments: [{ by: THOMAS, body: 'Félicitations ! Le message personnalisé fait toute la différence.' }],
  },
  {
    by: 19,
    title: 'Mindset : encaisser les refus',
    html: p(
      'Cent refus pour dix ventes. Je ne compte plus les refus comme des échecs mais comme le prix d’entrée de chaque vente.',
    ),
    tags: ['mindset'],
    daysAgo: 19,
    likes: 18,
    comments: [],
  },
  {
    by: SETTER,
    title: 'Rappeler les inscrits d’un webinaire : mon script',
    html:
      p(
        'Les inscrits qui acceptent d’être contactés arrivent directement dans mon CRM. Je les rappelle le lendemain du webinaire avec trois questions :',
      ) + ul(['Qu’avez-vous retenu ?', 'Où en est votre projet ?', 'Qu’est-ce qui vous empêche d’avancer ?']),
    tags: ['webinaire', 'setting', 'prospection'],
    daysAgo: 22,
    likes: 15,
    comments: [{ by: INES, body: 'Merci Sofiane, c’est exactement l’esprit.' }],
  },
  {
    by: 21,
    title: 'Notion ou Google Agenda pour planifier ses relances ?',
    html: p('Je cherche la façon la plus simple de ne plus oublier une relance. Des retours ?'),
    tags: ['outils', 'organisation'],
    daysAgo: 23,
    likes: 4,
    comments: [{ by: SARAH, body: 'Les activités du CRM avec une date : elles remontent chaque matin.' }],
  },
  {
    by: 12,
    title: 'Commission de 20 % : est-ce la norme ?',
    html: p(
      'On m’a proposé 20 % sur une formation à 2 500 €. C’est plutôt la fourchette haute ou basse pour un closer ?',
    ),
    tags: ['closing', 'remuneration'],
    daysAgo: 25,
    likes: 10,
    comments: [
      { by: KARIM, body: 'Entre 10 et 20 % selon le ticket : 20 % est une bonne offre.' },
      { by: 22, body: 'Regarde aussi si les setters sont payés sur la même vente.' },
    ],
  },
  {
    by: LEA,
    title: 'Trois exercices de respiration avant un appel',
    html: ul([
      'Cohérence cardiaque, 5 minutes',
      'Expiration longue, 4 secondes puis 8',
      'Se lever et marcher pendant l’appel',
    ]),
    tags: ['mindset', 'bien-etre'],
    daysAgo: 27,
    likes: 12,
    comments: [],
  },
  {
    by: 16,
    title: 'Ma checklist avant chaque appel de closing',
    html: ul([
      'Relire la fiche du setter',
      'Vérifier le financement possible',
      'Préparer deux témoignages d’élèves',
      'Couper les notifications',
    ]),
    tags: ['closing', 'organisation'],
    daysAgo: 29,
    likes: 22,
    comments: [{ by: CLOSER, body: 'J’ajouterais : connaître le prix par cœur et l’annoncer sans hésiter.' }],
  },
  {
    by: INES,
    title: 'Nous recrutons des setters pour nos webinaires',
    html: p(
      'Notre équipe grandit : nous cherchons deux setters pour rappeler les inscrits de nos webinaires immobilier. Les détails sont sur la mission.',
    ),
    tags: ['recrutement', 'webinaire'],
    daysAgo: 31,
    likes: 9,
    comments: [{ by: THOMAS, body: 'Candidature envoyée !' }],
  },
  {
    by: CLOSER,
    title: 'Ancienne méthode de suivi (à jour dans mon nouveau post)',
    html: p('Ce post décrivait mon ancienne méthode de suivi des prospects, je l’ai remplacée depuis.'),
    tags: ['organisation'],
    daysAgo: 40,
    likes: 3,
    comments: [],
    status: 'archived',
  },
  {
    by: SETTER,
    title: 'Brouillon : mes statistiques de setting du trimestre',
    html: p('À compléter : messages envoyés, taux de réponse, rendez-vous pris et tenus.'),
    tags: ['setting', 'statistiques'],
    daysAgo: 0,
    likes: 0,
    comments: [],
    status: 'draft',
  },
];

/** The comment reported for moderation (post title, comment author): the spam in the CRM thread. */
export const REPORTED_COMMENT = { post: 'Quel CRM utilisez-vous pour suivre vos leads ?', by: 20 };
