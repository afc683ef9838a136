import { paths } from './paths';

/**
 * What each page of a later feature will show (one sentence under "Bientôt disponible"), by route
 * pattern. Page content, not routing: loaded with the coming-soon page, not with the route table.
 */
export const comingSoonDescriptions = {
  [paths.roadMap]:
    'Vous découvrirez ici les nouveautés prévues, en cours et livrées, et pourrez voter pour celles que vous attendez.',
  [paths.support]:
    'Vous trouverez ici les réponses aux questions fréquentes et un formulaire pour écrire à notre équipe.',
  [paths.blog.list]:
    'Vous lirez ici nos articles sur la prospection, le closing et la vente de formations en ligne.',
  [paths.blog.postPattern]: 'Cet article du blog sera bientôt lisible ici.',
  [paths.tutorials.list]: 'Vous trouverez ici des guides pas à pas pour tirer le meilleur parti de Closia.',
  [paths.tutorials.tutorialPattern]: 'Ce tutoriel sera bientôt lisible ici.',
  [paths.app.webinars]: 'Vous verrez ici les webinaires à venir et passés, et pourrez vous y inscrire.',
  [paths.app.webinarReplayPattern]: 'Vous pourrez revoir ici ce webinaire en replay.',
  [paths.app.posts]:
    'Vous lirez ici les publications des membres de la communauté et pourrez partager les vôtres.',
  [paths.app.postCreate]: 'Vous rédigerez ici une publication pour la communauté.',
  [paths.app.postEditPattern]: 'Vous modifierez ici votre publication.',
  [paths.app.postPattern]: 'Vous lirez ici cette publication et ses réactions.',
  [paths.admin.users]: 'Vous rechercherez, filtrerez et gérerez ici les comptes utilisateurs.',
} as const satisfies Record<string, string>;

export type ComingSoonPath = keyof typeof comingSoonDescriptions;
