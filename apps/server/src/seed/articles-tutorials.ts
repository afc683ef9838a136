/**
 * The demo tutorials (issue 22 §4): two categories (premiers pas, CRM et pipeline), two
 * tutorials each, with multi-segment slugs.
 */
import type { DemoArticle } from './demo-article';

export const demoTutorials: DemoArticle[] = [
  {
    kind: 'tutorial',
    slug: 'premiers-pas/creer-son-profil',
    title: 'Créer son profil de setter ou de closer',
    description:
      'Pas à pas : créer votre compte, choisir votre rôle, compléter votre profil (description, secteurs, compétences, taux de conversion) pour apparaître dans les recherches des infopreneurs.',
    category: 'premiers_pas',
    tags: ['profil', 'debutant', 'compte'],
    daysAgo: 60,
    body: `Votre profil est votre vitrine : c’est lui que les infopreneurs consultent avant de vous proposer une mission. Comptez une quinzaine de minutes.

## 1. Créer votre compte

1. Cliquez sur **Créer mon compte** en haut de la page d’accueil.
2. Renseignez votre prénom, votre nom, votre adresse e-mail et un mot de passe.
3. Confirmez votre adresse avec le lien reçu par e-mail.

## 2. Choisir votre rôle

À la première connexion, choisissez le rôle qui vous correspond : **setter**, **closer** ou **setter-closer**. Vous pourrez le préciser plus tard dans votre profil.

## 3. Compléter votre profil

| Champ | Conseil |
|---|---|
| Description | Trois phrases : pour qui vous travaillez, ce que vous apportez, un résultat chiffré |
| Secteurs | Deux ou trois secteurs que vous connaissez vraiment |
| Compétences | Les canaux et méthodes que vous maîtrisez |
| Taux de conversion | Un chiffre honnête : il sera vérifié par vos résultats |
| Photo | Un visage net et souriant |

- [x] Compte créé
- [x] Rôle choisi
- [ ] Profil complet à 100 %

> Un profil complet apparaît plus haut dans la recherche **Setters & closers** des infopreneurs.

## 4. Vérifier l’aperçu

Ouvrez votre profil public depuis le menu de votre compte : c’est exactement ce que voient les infopreneurs. Relisez-vous, puis passez au tutoriel suivant pour trouver votre première mission.`,
  },
  {
    kind: 'tutorial',
    slug: 'premiers-pas/trouver-sa-premiere-mission',
    title: 'Trouver et décrocher sa première mission',
    description:
      'Chercher les missions qui vous correspondent, lire une fiche de mission, postuler avec un message qui se démarque et suivre votre candidature jusqu’à l’acceptation.',
    category: 'premiers_pas',
    tags: ['missions', 'candidature', 'debutant'],
    daysAgo: 58,
    body: `Une fois votre profil complet, la marketplace vous propose les missions publiées par les infopreneurs.

## 1. Chercher les bonnes missions

Ouvrez **Missions**. Les filtres vous aident à cibler :

- le rôle recherché (setter, closer) ;
- le secteur de la formation ;
- la commission proposée.

Les missions qui correspondent le mieux à votre profil apparaissent en premier, avec les raisons de cette correspondance.

## 2. Lire la fiche de la mission

Avant de postuler, vérifiez :

| Point | Pourquoi |
|---|---|
| L’offre vendue et son prix | Vous devez pouvoir la défendre |
| Le taux de commission | Il détermine votre rémunération |
| Les conditions (expérience, secteurs) | Elles sont vérifiées à la candidature |
| Le mode de financement | Le CPF impose des règles particulières |

## 3. Postuler

Écrivez un message court et personnel : pourquoi cette offre, ce que vous avez déjà vendu de comparable, vos disponibilités.

~~~text
Bonjour Inès, j’ai closé pendant deux ans des formations en investissement
locatif (ticket moyen 2 500 €). Votre méthode me parle : je suis disponible
quatre jours par semaine dès lundi.
~~~

## 4. Suivre votre candidature

Vos candidatures et leur état sont listés dans votre tableau de bord. Quand l’infopreneur vous accepte, l’offre apparaît dans **Offres à vendre** : vous pouvez commencer à ajouter vos prospects.`,
  },
  {
    kind: 'tutorial',
    slug: 'crm-pipeline/ajouter-ses-prospects',
    title: 'Ajouter et organiser ses prospects',
    description:
      'Créer un prospect, importer une liste depuis un fichier CSV, suivre son état et planifier vos relances : les bases du CRM de Closia pour ne plus perdre aucun contact.',
    category: 'crm_pipeline',
    tags: ['crm', 'prospects', 'import'],
    daysAgo: 50,
    body: `Le CRM de Closia rassemble vos prospects, leurs échanges et vos relances au même endroit.

## 1. Créer un prospect

Dans **Prospects**, cliquez sur **Nouveau prospect** et renseignez au moins le nom et un moyen de contact. Ajoutez la source (LinkedIn, webinaire, recommandation) : elle vous dira plus tard quels canaux fonctionnent.

## 2. Importer une liste

Vous avez déjà vos contacts dans un tableur ? Exportez-le en CSV, puis utilisez l’import :

~~~csv
prenom,nom,email,telephone,source
Claire,Durand,claire.durand@exemple.fr,0612345678,LinkedIn
Marc,Petit,marc.petit@exemple.fr,,Webinaire
~~~

Closia vous propose d’associer chaque colonne à un champ, signale les lignes en erreur et ne crée pas de doublons.

## 3. Suivre l’état de chaque prospect

| État | Quand l’utiliser |
|---|---|
| Prospection | Premier contact en cours |
| En attente de réponse | Vous attendez un retour |
| Suivi | La conversation avance |
| Pas de réponse | Aucune réponse après vos relances |
| Ne pas déranger | Le prospect ne souhaite plus être contacté |

## 4. Planifier les relances

Sur la fiche du prospect, ajoutez une activité datée (appel, message, rendez-vous). Le tableau de bord vous montre chaque matin les activités du jour.

> Quand un prospect est prêt à acheter, créez une vente depuis sa fiche : elle entre dans votre pipeline.`,
  },
  {
    kind: 'tutorial',
    slug: 'crm-pipeline/suivre-une-vente',
    title: 'Suivre une vente jusqu’à la commission',
    description:
      'Créer une vente, la faire avancer dans les étapes du pipeline, la marquer gagnée ou perdue, et retrouver la commission qui en découle pour le setter et le closer.',
    category: 'crm_pipeline',
    tags: ['pipeline', 'ventes', 'commissions'],
    daysAgo: 48,
    body: `Une vente relie un prospect à une offre que vous êtes autorisé à vendre. Elle avance dans le pipeline jusqu’à être gagnée ou perdue.

## 1. Créer la vente

Depuis la fiche d’un prospect, cliquez sur **Nouvelle vente**, choisissez l’offre et le montant. Si vous êtes setter, indiquez le closer qui prendra le relais.

## 2. Faire avancer la vente

Déplacez la vente d’étape en étape : *Prospection*, *Qualification*, *Closing*, *R2*, puis *Onboarding* et *Suivi* une fois le client engagé. Chaque déplacement est enregistré dans l’historique de la vente.

## 3. Conclure

- **Gagné** : le paiement est confirmé. Les commissions sont calculées selon les taux de la mission.
- **Perdu** : indiquez la raison, elle alimente vos statistiques.

Une vente gagnée peut être réouverte en cas d’erreur ; ses commissions sont alors recalculées.

## 4. Retrouver ses commissions

| Où | Ce que vous y voyez |
|---|---|
| Ventes › Commissions | Chaque commission, son montant et son état |
| Statistiques | Le total encaissé et à venir sur la période |

> Les commissions dues suivent les ventes : une vente mise à jour, c’est une commission juste.`,
  },
];
