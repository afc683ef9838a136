/**
 * The demo blog (issue 22 §4), first part: real French articles for setters, closers and
 * infopreneurs, in Markdown (headings, lists, tables, quotes, code blocks). Code fences are
 * written `~~~` so that the texts need no escaping here.
 */
import type { DemoArticle } from './demo-article';

export const demoBlogArticles: DemoArticle[] = [
  {
    kind: 'blog',
    slug: 'bien-demarrer-en-closing',
    title: 'Bien démarrer en closing : le plan des 30 premiers jours',
    description:
      'Vous signez votre première mission de closer ? Voici un plan semaine par semaine pour apprendre l’offre, tenir vos premiers appels et conclure vos premières ventes sans brûler vos leads.',
    category: 'closing',
    tags: ['closing', 'debutant', 'methode'],
    daysAgo: 41,
    body: `Le premier mois d’un closer décide souvent de la suite : c’est là que l’infopreneur juge votre sérieux, que vous apprenez l’offre et que vous construisez vos réflexes. Ce plan vous aide à avancer sans vous disperser.

## Semaine 1 : connaître l’offre mieux que le client

Avant le moindre appel, vous devez pouvoir répondre sans hésiter à trois questions : **pour qui**, **quel résultat**, **en combien de temps**.

- Suivez le premier module de la formation comme un élève.
- Lisez les dix derniers témoignages et notez les mots que les clients utilisent.
- Demandez à l’infopreneur les trois objections qu’il entend le plus.
- Écoutez au moins deux enregistrements d’appels gagnés et un appel perdu.

> Un closer qui ne connaît pas le programme vend une promesse. Un closer qui le connaît vend une transformation.

## Semaine 2 : des appels accompagnés

Tenez vos premiers appels en binôme, avec le setter ou un closer confirmé en écoute. Après chaque appel, prenez cinq minutes pour noter ce qui a fonctionné et ce qui a bloqué.

| Moment de l’appel | Durée conseillée | Objectif |
|---|---:|---|
| Accueil et cadre | 3 min | Poser l’ordre du jour et obtenir l’accord du prospect |
| Découverte | 20 min | Comprendre la situation, l’objectif et l’écart entre les deux |
| Présentation | 10 min | Relier le programme à ce que le prospect a dit |
| Engagement | 10 min | Proposer, traiter les objections, conclure ou planifier |

## Semaine 3 : votre propre rythme

Passez à six ou huit appels par jour au maximum. Au-delà, la qualité de votre écoute baisse et vos taux de conclusion avec elle. Bloquez une heure chaque matin pour les relances et la mise à jour de votre pipeline.

## Semaine 4 : mesurer et ajuster

À la fin du mois, faites le point avec l’infopreneur à partir de chiffres simples :

1. le taux de présence aux rendez-vous (objectif : plus de 70 %) ;
2. le taux de conclusion sur les appels tenus (entre 15 et 30 % selon le prix de l’offre) ;
3. le montant encaissé et les commissions à venir.

Ces chiffres sont calculés pour vous dans l’onglet **Statistiques** de Closia : partez d’eux plutôt que d’impressions.

## Ce qu’il faut éviter

- Promettre un résultat que la formation ne garantit pas.
- Pousser un prospect qui n’a pas les moyens : un remboursement coûte plus cher qu’une vente perdue.
- Laisser un appel sans prochaine étape datée.

Un bon premier mois, ce n’est pas forcément beaucoup de ventes : c’est un processus que vous pouvez répéter.`,
  },
  {
    kind: 'blog',
    slug: 'prospection-linkedin-methode',
    title: 'Prospection LinkedIn : une méthode en 4 temps qui remplit l’agenda',
    description:
      'Profil, ciblage, premier message et relance : la méthode qu’utilisent les setters de Closia pour obtenir des rendez-vous qualifiés sur LinkedIn sans passer pour un robot.',
    category: 'prospection',
    tags: ['prospection', 'linkedin', 'setting'],
    daysAgo: 34,
    body: `LinkedIn reste le meilleur terrain pour vendre des formations aux professionnels, à condition de ne pas y copier les pratiques du démarchage de masse. Voici une méthode en quatre temps.

## 1. Un profil qui inspire confiance

Votre profil est la première chose que le prospect regarde après votre message.

- Une photo nette, souriante, sur un fond neutre.
- Un titre qui dit qui vous aidez : « J’aide les consultants à trouver leurs premiers clients » plutôt que « Setter freelance ».
- Une section « Infos » courte, avec un résultat concret et un appel à l’action.

## 2. Un ciblage précis

Mieux vaut 30 personnes bien choisies que 300 invitations au hasard. Définissez votre cible avec l’infopreneur :

| Critère | Exemple pour une formation en immobilier locatif |
|---|---|
| Poste | Cadre, ingénieur, profession libérale |
| Signal d’intérêt | A commenté un post sur l’investissement |
| Zone | France métropolitaine |
| Exclusion | Agents immobiliers, concurrents |

## 3. Un premier message qui parle du prospect

Le premier message ne vend rien : il ouvre une conversation.

~~~text
Bonjour Claire, j’ai vu votre commentaire sur le post de Julien à propos
du premier investissement locatif. Vous avez déjà franchi le pas, ou c’est
encore un projet ?
~~~

Trois règles : une phrase personnalisée, une question ouverte, aucun lien.

## 4. Une relance qui apporte quelque chose

Sans réponse après trois à cinq jours, relancez une seule fois avec un contenu utile : un article, un chiffre, une question plus simple. Au-delà de deux relances, passez à autre chose.

> La prospection n’est pas un volume de messages, c’est un volume de conversations.

## Mesurer ce qui compte

Dans Closia, ajoutez chaque conversation engagée comme prospect et suivez son état (*Prospection*, *En attente de réponse*, *Suivi*). En fin de semaine, regardez votre taux de réponse et votre nombre de rendez-vous posés : ce sont les deux chiffres que l’infopreneur vous demandera.`,
  },
  {
    kind: 'blog',
    slug: 'traiter-les-objections',
    title: 'Les 7 objections les plus fréquentes et comment y répondre',
    description:
      '« C’est trop cher », « je dois en parler à mon conjoint », « je n’ai pas le temps »… Les réponses qui fonctionnent pour chaque objection, sans forcer la main du prospect.',
    category: 'objections',
    tags: ['objections', 'closing', 'appel'],
    daysAgo: 27,
    body: `Une objection n’est pas un refus : c’est une information. Le prospect vous dit ce qui l’empêche encore de dire oui. Votre rôle est de comprendre, pas de gagner un débat.

## La méthode en trois temps

1. **Accueillir** : « C’est une vraie question, merci de la poser. »
2. **Explorer** : « Qu’est-ce qui vous fait dire ça ? »
3. **Répondre** à la vraie raison, puis vérifier : « Est-ce que ça répond à votre inquiétude ? »

## Les sept objections

### « C’est trop cher »

Ramenez la discussion à la valeur : combien coûte le problème aujourd’hui ? Si l’écart entre la situation actuelle et l’objectif se chiffre en milliers d’euros, le prix devient un investissement. Si le prospect n’a vraiment pas le budget, proposez le paiement en plusieurs fois ou laissez-le partir.

### « Je dois en parler à mon conjoint »

C’est légitime. Demandez : « Si votre conjoint est d’accord, vous vous lancez ? » Puis proposez un second appel à deux, dans les 48 heures.

### « Je n’ai pas le temps »

Montrez le temps réel demandé par le programme (par exemple trois heures par semaine) et demandez où ces heures pourraient se trouver dans son agenda.

### « Je veux réfléchir »

Demandez à quoi exactement. Le plus souvent, une question n’a pas été posée : c’est le moment de la faire sortir.

### « J’ai déjà essayé une formation, ça n’a pas marché »

Explorez pourquoi. Si la différence avec votre programme est réelle (accompagnement, communauté, méthode), expliquez-la. Sinon, soyez honnête.

### « Envoyez-moi une brochure »

Proposez plutôt un résumé écrit de ce que vous venez de vous dire, et fixez tout de suite le rendez-vous de suivi.

### « Ce n’est pas le bon moment »

Demandez ce qui changera dans trois mois. S’il n’y a pas de réponse claire, le bon moment est peut-être maintenant.

## À ne jamais faire

| Mauvaise pratique | Pourquoi |
|---|---|
| Créer une fausse urgence | La confiance est perdue, et les remboursements suivent |
| Couper la parole | Le prospect ne se sent pas écouté |
| Répondre avant de comprendre | Vous traitez la mauvaise objection |

> Le meilleur traitement d’objection a lieu pendant la découverte : une objection anticipée n’a plus besoin d’être traitée.`,
  },
  {
    kind: 'blog',
    slug: 'financement-cpf-ce-qu-il-faut-savoir',
    title: 'Vendre une formation finançable par le CPF : ce qu’il faut savoir',
    description:
      'Certification, Qualiopi, interdiction du démarchage, reste à charge : les règles à connaître avant de proposer le financement CPF à un prospect, et ce qu’elles changent pour le setter.',
    category: 'financement',
    tags: ['cpf', 'financement', 'reglementation'],
    daysAgo: 20,
    body: `Le compte personnel de formation (CPF) permet à un actif de financer une formation avec les droits qu’il a accumulés. C’est un argument fort, mais encadré : une vente mal faite peut coûter très cher à l’organisme et à vous.

## Quelles formations sont éligibles ?

Seules les formations qui mènent à une certification enregistrée (au RNCP ou au Répertoire spécifique) et proposées par un organisme certifié **Qualiopi** peuvent être financées par le CPF. Vérifiez ces deux points avant de parler de financement.

| Condition | Où la vérifier |
|---|---|
| Certification enregistrée | Fiche de la formation sur France compétences |
| Organisme certifié Qualiopi | Certificat fourni par l’infopreneur |
| Formation référencée | Catalogue Mon Compte Formation |

Dans Closia, une offre indique ses modes de financement et ses certifications : regardez-les dans sa fiche avant de postuler à une mission.

## Le démarchage est interdit

Depuis la loi du 19 décembre 2022, il est interdit de démarcher un particulier par téléphone, SMS, courriel ou réseaux sociaux pour lui vendre une formation financée par le CPF. Concrètement :

- pas d’appel à froid pour proposer une formation CPF ;
- pas de message privé non sollicité qui mentionne le CPF ;
- le prospect doit être à l’origine de la demande (formulaire, inscription à un webinaire, demande de rappel).

> Si le prospect n’a rien demandé, ne parlez pas de son CPF.

## Le reste à charge

Depuis mai 2024, le titulaire du compte paie une participation forfaitaire pour chaque formation financée par le CPF (environ une centaine d’euros, revalorisée chaque année), sauf exceptions, par exemple pour les demandeurs d’emploi. Annoncez-la dès le premier échange : un prospect surpris au moment de valider son dossier est un prospect perdu.

## Ce qui change pour le setter

1. Vos leads viennent de sources entrantes : webinaires, contenus, formulaires.
2. Vous qualifiez le projet professionnel avant de parler du financement.
3. Vous ne demandez jamais d’identifiants Mon Compte Formation : le prospect fait ses démarches lui-même.

Respecter ces règles protège le prospect, l’organisme et votre réputation.`,
  },
  {
    kind: 'blog',
    slug: 'fixer-le-prix-de-son-offre',
    title: 'Fixer le prix d’une formation : trois méthodes et leurs pièges',
    description:
      'Prix au coût, prix du marché ou prix à la valeur : comment choisir le tarif d’une formation en ligne, construire une offre à plusieurs niveaux et laisser une marge pour les commissions.',
    category: 'offre_prix',
    tags: ['prix', 'offre', 'infopreneur'],
    daysAgo: 15,
    body: `Le prix d’une formation dit beaucoup de sa promesse. Trop bas, il inquiète ; trop haut sans preuve, il bloque. Voici trois méthodes pour le fixer, et comment intégrer le coût de votre équipe de vente.

## Trois méthodes

### Le prix au coût

Vous additionnez votre temps, vos outils et votre marge. Simple, mais cette méthode oublie ce que la formation rapporte à l’élève : elle sous-évalue presque toujours les programmes d’accompagnement.

### Le prix du marché

Vous regardez ce que proposent les formations comparables. Utile pour éviter un écart absurde, mais vous risquez de vous aligner sur des offres qui n’ont pas le même niveau d’accompagnement.

### Le prix à la valeur

Vous partez du résultat obtenu par l’élève : un premier client, un investissement rentable, un salaire plus élevé. Le prix représente une fraction de ce gain. C’est la méthode la plus juste pour le high-ticket, à condition d’avoir des témoignages solides.

## Une offre à plusieurs niveaux

| Niveau | Contenu | Prix indicatif |
|---|---|---:|
| Autonome | Vidéos, fiches, communauté | 497 € |
| Accompagné | + appels de groupe hebdomadaires | 1 997 € |
| Premium | + suivi individuel pendant 3 mois | 4 997 € |

Le niveau intermédiaire est souvent le plus vendu : il sert de repère entre les deux autres.

## Prévoir la part de l’équipe de vente

Si vous travaillez avec un setter et un closer, leurs commissions font partie du coût de chaque vente. Un exemple pour une offre à 2 000 € :

~~~text
Prix de vente            2 000 €
Commission closer (10 %)   200 €
Commission setter (5 %)    100 €
Reste pour l’infopreneur 1 700 €
~~~

Dans Closia, ces taux se règlent dans chaque mission ; les commissions dues sont calculées automatiquement à chaque vente gagnée.

## Les pièges à éviter

- Baisser le prix au premier « c’est trop cher » : travaillez plutôt la valeur perçue.
- Multiplier les promotions : vos premiers clients se sentiront lésés.
- Oublier le paiement en plusieurs fois, qui rend une offre high-ticket accessible sans la dévaloriser.`,
  },
];
