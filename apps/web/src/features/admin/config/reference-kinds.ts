import { paths } from '../../../config/paths';

/** The three reference lists an admin curates; the value is also the API path segment. */
export type ReferenceKind = 'work-sectors' | 'skills' | 'formations';

export interface ReferenceKindConfig {
  kind: ReferenceKind;
  /** Page title (h1). */
  title: string;
  description: string;
  /** Admin page of the list. */
  path: string;
  /** "secteur", "compétence": in messages ("Secteur ajouté"). */
  noun: string;
  /** Grammatical gender of `noun`, for the agreement of adjectives ("validée"). */
  feminine: boolean;
  createLabel: string;
  placeholder: string;
}

export const referenceKinds: Record<ReferenceKind, ReferenceKindConfig> = {
  'work-sectors': {
    kind: 'work-sectors',
    title: "Secteurs d'activité",
    description:
      'Les secteurs proposés aux membres dans leur profil et aux infopreneurs dans leurs offres. Validez ceux que les membres proposent.',
    path: paths.admin.workSectors,
    noun: 'secteur',
    feminine: false,
    createLabel: 'Nouveau secteur',
    placeholder: 'Ex. Développement personnel',
  },
  skills: {
    kind: 'skills',
    title: 'Compétences',
    description:
      'Les compétences commerciales que les setters et closers affichent sur leur profil. Renommer une compétence la renomme dans tous les profils.',
    path: paths.admin.skills,
    noun: 'compétence',
    feminine: true,
    createLabel: 'Nouvelle compétence',
    placeholder: 'Ex. Qualification de leads',
  },
  formations: {
    kind: 'formations',
    title: 'Catalogue des formations',
    description:
      'Les formations suivies que les setters et closers citent dans leur parcours. Renommer une formation la renomme dans tous les profils.',
    path: paths.admin.formationsCatalogue,
    noun: 'formation',
    feminine: true,
    createLabel: 'Nouvelle formation',
    placeholder: 'Ex. Certification closing',
  },
};

/** "validé" / "validée": adjective agreement with the kind's noun. */
export function agree(config: ReferenceKindConfig, masculine: string): string {
  return config.feminine ? `${masculine}e` : masculine;
}

/** "Secteur", "Compétence". */
export function capitalizedNoun(config: ReferenceKindConfig): string {
  return config.noun.charAt(0).toLocaleUpperCase('fr-FR') + config.noun.slice(1);
}
