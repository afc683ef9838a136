/**
 * The demo blog (issue 22 §4), second part: three more published articles, a draft the admin is
 * writing and one scheduled a few days ahead (it goes live by itself).
 */
import type { DemoArticle } from './demo-article';

export const moreDemoBlogArticles: DemoArticle[] = [
  {
    kind: 'blog',
    slug: 'piloter-ses-ventes-avec-le-pipeline',
    title: 'Piloter ses ventes avec le pipeline de Closia',
    description:
      'De la prospection à la commission versée : comment utiliser les étapes du pipeline de Closia, les probabilités et les relances pour savoir chaque matin quelles ventes faire avancer.',
    category: 'outils',
    tags: ['crm', 'pipeline', 'organisation'],
    daysAgo: 11,
    body: `Un pipeline n’est pas un tableau de bord à remplir pour faire plaisir à l’infopreneur : c’est l’outil qui vous dit, chaque matin, où passer votre temps.

## Les étapes d’une vente

Chaque vente avance dans des étapes qui correspondent à ce que vit le prospect :

| Étape | Ce qui s’est passé | Ce que vous faites ensuite |
|---|---|---|
| Prospection | Premier contact établi | Qualifier le besoin |
| Qualification | Le besoin et le budget sont confirmés | Planifier l’appel de closing |
| Closing | L’appel de vente a eu lieu | Traiter les dernières objections |
| R2 | Un second rendez-vous est prévu | Préparer les réponses promises |
| Onboarding | Le client a payé | Vérifier son accès à la formation |
| Suivi | Le client suit le programme | Recueillir un témoignage |

Une vente se termine en **Gagné** ou **Perdu**. Une vente perdue n’est pas un échec à cacher : notez pourquoi, c’est la matière de vos prochains progrès.

## Les probabilités

Chaque étape porte une probabilité de conclusion. Le montant pondéré de votre pipeline (montant × probabilité) donne une prévision réaliste de ce que vous allez encaisser ce mois-ci.

## Une routine de dix minutes

1. Ouvrez **Ventes actives** : ce sont les ventes à faire avancer aujourd’hui.
2. Pour chacune, une seule question : quelle est la prochaine action, et quand ?
3. Déplacez les ventes dont l’étape a changé.
4. Marquez **Perdu** ce qui n’avance plus depuis trois semaines, avec la raison.

> Un pipeline à jour vaut mieux qu’un pipeline complet.

## Partager avec son équipe

Dans une équipe, le setter et le closer voient les mêmes ventes. Le setter sait si ses rendez-vous se transforment ; le closer retrouve tout l’historique de la conversation. Les commissions de chacun se calculent à partir des ventes gagnées, sans tableur à réconcilier en fin de mois.`,
  },
  {
    kind: 'blog',
    slug: 'setter-ou-closer-quel-role-choisir',
    title: 'Setter ou closer : quel rôle vous correspond ?',
    description:
      'Le setter ouvre les conversations et pose les rendez-vous, le closer conclut les ventes. Missions, compétences, rémunération : le comparatif pour choisir votre voie dans la vente de formations.',
    category: 'closing',
    tags: ['setting', 'closing', 'carriere'],
    daysAgo: 8,
    body: `Dans la vente de formations en ligne, le travail est souvent partagé entre deux rôles. Les connaître vous aide à choisir par où commencer, et à mieux travailler ensemble.

## Le setter : ouvrir et qualifier

Le setter engage la conversation avec les personnes intéressées (abonnés, inscrits à un webinaire, commentateurs), vérifie qu’elles correspondent à l’offre et pose un rendez-vous avec le closer.

- Il écrit beaucoup : messages privés, relances, réponses aux questions.
- Il qualifie : besoin, motivation, budget, disponibilité.
- Il remplit l’agenda du closer avec des rendez-vous tenus.

## Le closer : conclure

Le closer mène l’appel de vente : découverte approfondie, présentation du programme, traitement des objections et conclusion.

- Il parle beaucoup… mais surtout il écoute.
- Il est à l’aise avec le silence et avec le mot « non ».
- Il est responsable de la vente jusqu’au paiement.

## Le comparatif

| | Setter | Closer |
|---|---|---|
| Canal principal | Messages écrits | Appels en visio ou au téléphone |
| Compétence clé | Régularité et curiosité | Écoute et conduite d’entretien |
| Rémunération habituelle | Fixe par rendez-vous ou commission de 3 à 7 % | Commission de 8 à 15 % |
| Pour commencer | Accessible sans expérience de la vente | Demande de l’entraînement |

## Et les deux à la fois ?

Le profil **setter-closer** prend le prospect du premier message jusqu’à la signature. C’est fréquent chez les infopreneurs qui lancent leur première équipe : une seule personne, un seul interlocuteur pour le prospect.

> Beaucoup de closers ont commencé comme setters : c’est la meilleure école pour comprendre ce que vit le prospect avant l’appel.

Sur Closia, votre profil indique votre rôle ; les missions des infopreneurs précisent celui qu’elles recherchent.`,
  },
  {
    kind: 'blog',
    slug: 'relancer-sans-harceler',
    title: 'Relancer un prospect sans le harceler',
    description:
      'Quand relancer, combien de fois et avec quel message : une cadence de relance respectueuse, des modèles prêts à l’emploi et les signaux qui indiquent qu’il faut s’arrêter.',
    category: 'prospection',
    tags: ['relance', 'prospection', 'methode'],
    daysAgo: 4,
    body: `La plupart des ventes se concluent après une ou plusieurs relances. Pourtant, une relance mal faite abîme la relation. La différence tient en trois mots : rythme, valeur, respect.

## Une cadence simple

| Relance | Délai après le dernier échange | Contenu |
|---|---|---|
| 1 | 2 jours | Rappel bref et question ouverte |
| 2 | 5 jours | Un contenu utile lié à son objectif |
| 3 | 10 jours | Message de clôture, porte ouverte |

Après la troisième, passez le prospect à l’état *Pas de réponse* dans Closia et programmez, si c’est pertinent, un rappel dans trois mois.

## Des modèles à adapter

~~~text
Relance 1 — Bonjour Marc, je reviens vers vous après notre échange de
mardi. Est-ce que vous avez pu regarder le programme ?

Relance 2 — Bonjour Marc, je pensais à votre objectif de trouver vos
premiers clients : voici le témoignage de Sophie, qui partait de la même
situation. Qu’en pensez-vous ?

Relance 3 — Bonjour Marc, je ne veux pas vous encombrer : je clôture
votre dossier de mon côté. Si le projet revient d’actualité, je serai
ravi d’en reparler.
~~~

## Les signaux pour s’arrêter

- Le prospect a dit non clairement : remerciez et arrêtez.
- Il demande de ne plus être contacté : marquez-le *Ne pas déranger*, sans discussion.
- Il ne répond plus après trois relances espacées.

> Une relance réussie donne envie de répondre, même pour dire non.

## Organiser ses relances

Chaque relance est une activité datée sur le prospect. Le tableau de bord de Closia affiche celles du jour : commencez votre journée par elles, avant les nouveaux contacts.`,
  },
  {
    kind: 'blog',
    slug: 'script-appel-de-decouverte',
    title: 'Le script d’un appel de découverte, question par question',
    description:
      'Brouillon : les questions d’un appel de découverte qui qualifie vraiment le prospect, de la situation actuelle à l’objectif, avec les relances à poser quand la réponse reste vague.',
    category: 'closing',
    tags: ['script', 'decouverte', 'closing'],
    status: 'draft',
    daysAgo: 1,
    body: `Ce brouillon rassemble les questions d’un appel de découverte. À compléter avec les exemples de l’équipe avant publication.

## La situation actuelle

- Où en êtes-vous aujourd’hui ?
- Qu’avez-vous déjà essayé ?

## L’objectif

- Qu’aimeriez-vous avoir obtenu dans six mois ?
- Pourquoi maintenant ?

## L’écart

- Qu’est-ce qui vous empêche d’y arriver seul ?

*À compléter : les relances quand la réponse est vague.*`,
  },
  {
    kind: 'blog',
    slug: 'bilan-commissions-fin-d-annee',
    title: 'Préparer le bilan de ses commissions de fin d’année',
    description:
      'Commissions dues, versées et à réclamer : la liste de contrôle pour clôturer l’année sereinement avec vos infopreneurs, exporter vos chiffres et préparer votre déclaration.',
    category: 'outils',
    tags: ['commissions', 'organisation', 'freelance'],
    status: 'scheduled',
    daysAhead: 3,
    body: `La fin d’année est le bon moment pour vérifier que chaque vente a donné lieu à la commission prévue.

## La liste de contrôle

1. Exportez vos ventes gagnées de l’année depuis **Ventes**.
2. Comparez les commissions dues et les commissions versées.
3. Relancez les infopreneurs pour les écarts, factures à l’appui.
4. Archivez vos factures et vos relevés.

## Les chiffres à garder

| Indicateur | Où le trouver |
|---|---|
| Chiffre d’affaires apporté | Statistiques |
| Commissions dues | Ventes › Commissions |
| Taux de conclusion | Statistiques |

> Une commission non réclamée en janvier est souvent une commission perdue en juin.`,
  },
];
