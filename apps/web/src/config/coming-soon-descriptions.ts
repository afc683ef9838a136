import { paths } from './paths';

/**
 * What each page of a later feature will show (one sentence under "Bientôt disponible"), by route
 * pattern. Page content, not routing: loaded with the coming-soon page, not with the route table.
 */
export const comingSoonDescriptions = {
  [paths.admin.users]: 'Vous rechercherez, filtrerez et gérerez ici les comptes utilisateurs.',
} as const satisfies Record<string, string>;

export type ComingSoonPath = keyof typeof comingSoonDescriptions;
