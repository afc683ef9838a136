/**
 * The French wording of the API's validation errors (spec §5, §8), for display next to a form's
 * field: apart from the English catalogue and the Zod conversion (validation.ts), which only the
 * server and the forms' own validation need, so that a page showing a field's error does not
 * download them.
 */
import type { ValidationErrorItem } from './api-types';

function plural(count: unknown, singular: string, pluralForm: string): string {
  return `${String(count)} ${Number(count) > 1 ? pluralForm : singular}`;
}

/** A byte count in French units: "2 Mo", "500 Ko". */
function fileSizeFr(bytes: unknown): string {
  const n = Number(bytes);
  if (!Number.isFinite(n)) return 'la taille autorisée';
  if (n >= 1024 * 1024) return `${formatCount(Math.round((n / (1024 * 1024)) * 10) / 10)} Mo`;
  return `${formatCount(Math.max(1, Math.round(n / 1024)))} Ko`;
}

/** A number written the French way (10 000, 2,5). */
function formatCount(value: unknown): string {
  const n = Number(value);
  return Number.isFinite(n) ? new Intl.NumberFormat('fr-FR').format(n) : String(value);
}

interface ListItemsFr {
  /** The verb of the field: a choice among options, or entries the user adds. */
  verb: 'Choisissez' | 'Ajoutez';
  /** One item, with its article: "un mode de financement". */
  one: string;
  /** Items after a number: "modes de financement". */
  many: string;
}

/**
 * What the items of each list field are called, for the French messages of its size rules:
 * "Choisissez au moins un mode de financement" rather than "Au moins 1 élément". Keyed by the
 * field's name (its last path segment, as in the API's 422); a list not named here keeps the
 * generic wording.
 */
export const listItemsFr: Record<string, ListItemsFr> = {
  financingMethods: { verb: 'Choisissez', one: 'un mode de financement', many: 'modes de financement' },
  certifications: { verb: 'Choisissez', one: 'une certification', many: 'certifications' },
  workSectors: { verb: 'Choisissez', one: 'un secteur d’activité', many: 'secteurs d’activité' },
  targetWorkSectors: { verb: 'Choisissez', one: 'un secteur ciblé', many: 'secteurs ciblés' },
  skills: { verb: 'Choisissez', one: 'une compétence', many: 'compétences' },
  formations: { verb: 'Ajoutez', one: 'une formation', many: 'formations' },
  contactLinks: { verb: 'Ajoutez', one: 'un lien', many: 'liens' },
  socialLinks: { verb: 'Ajoutez', one: 'un lien', many: 'liens' },
  speakers: { verb: 'Ajoutez', one: 'un intervenant', many: 'intervenants' },
  agenda: { verb: 'Ajoutez', one: 'un point au programme', many: 'points au programme' },
  resources: { verb: 'Ajoutez', one: 'une ressource', many: 'ressources' },
};

/** The name of the list a field path designates: `formations.2` → `formations`. */
function listName(field: string): string {
  const segments = field.split('.').filter((segment) => !/^\d+$/.test(segment));
  return segments[segments.length - 1] ?? '';
}

/** "Choisissez au moins un mode de financement", "Ajoutez au moins 2 liens"; null for an unnamed list. */
function listSizeFr(item: ValidationErrorItem, meta: Record<string, unknown>): string | null {
  const name = listName(item.field);
  const items = Object.hasOwn(listItemsFr, name) ? listItemsFr[name] : undefined;
  if (!items) return null;
  const count = (n: unknown) => (Number(n) === 1 ? items.one : `${String(n)} ${items.many}`);
  switch (item.rule) {
    case 'arrayMinLength':
      return `${items.verb} au moins ${count(meta.min)}`;
    case 'arrayMaxLength':
      return `Au plus ${count(meta.max)}`;
    case 'fixedArrayLength':
      return `${items.verb} exactement ${count(meta.size)}`;
    default:
      return null;
  }
}

/** French wording of one validation error, for display next to the form field. */
export function validationMessageFr(item: ValidationErrorItem): string {
  const meta = item.meta ?? {};
  const isPassword = /password/i.test(item.field);
  const listSize = listSizeFr(item, meta);
  if (listSize) return listSize;
  switch (item.rule) {
    case 'required':
      return 'Ce champ est obligatoire';
    case 'string':
      return 'Ce champ doit être un texte';
    case 'invalidCharacters':
      return 'Ce champ contient des caractères non autorisés';
    case 'after':
      return 'Cette date doit être postérieure à la date de début';
    case 'email':
      return 'Adresse e-mail invalide';
    case 'minLength':
      return `Au moins ${plural(meta.min, 'caractère', 'caractères')}`;
    case 'maxLength':
      return `Au plus ${plural(meta.max, 'caractère', 'caractères')}`;
    case 'fixedLength':
      return `Exactement ${plural(meta.size, 'caractère', 'caractères')}`;
    case 'number':
      return 'Ce champ doit être un nombre';
    case 'withoutDecimals':
      return 'Ce champ doit être un nombre entier';
    case 'min':
      return `La valeur doit être au moins ${String(meta.min)}`;
    case 'max':
      return `La valeur doit être au plus ${String(meta.max)}`;
    case 'range':
      return `La valeur doit être comprise entre ${String(meta.min)} et ${String(meta.max)}`;
    case 'positive':
      return 'La valeur doit être supérieure à 0';
    case 'url':
      return 'URL invalide (elle doit commencer par http:// ou https://)';
    case 'uuid':
      return 'Identifiant invalide';
    case 'ipAddress':
      return 'Adresse IP invalide';
    case 'mobile':
      return 'Numéro de téléphone mobile invalide';
    case 'postalCode':
      return 'Code postal invalide';
    case 'iban':
      return 'IBAN invalide';
    case 'date':
      return 'Date invalide';
    case 'array':
      return 'Ce champ doit être une liste';
    case 'object':
      return 'Ce champ doit être un objet';
    case 'arrayMinLength':
      return `Au moins ${plural(meta.min, 'élément', 'éléments')}`;
    case 'arrayMaxLength':
      return `Au plus ${plural(meta.max, 'élément', 'éléments')}`;
    case 'fixedArrayLength':
      return `Exactement ${plural(meta.size, 'élément', 'éléments')}`;
    case 'maxKeys':
      return `Au plus ${plural(meta.max, 'champ', 'champs')}`;
    case 'fileSize':
      return `Le fichier ne doit pas dépasser ${fileSizeFr(meta.max)}`;
    case 'fileType':
      return 'Ce type de fichier n’est pas accepté';
    case 'csv':
      // The prospects import takes a CSV file or an Excel workbook; a line is a CSV text's.
      return meta.line === undefined
        ? 'Ce fichier n’est pas un fichier CSV ou Excel (.xlsx) valide'
        : `Ce fichier n’est pas un fichier CSV valide (ligne ${String(meta.line)})`;
    case 'maxLines':
      return `Le fichier ne doit pas dépasser ${formatCount(meta.max)} lignes`;
    case 'json':
      return 'Ce champ doit être un JSON valide';
    case 'distinct':
      return item.field.startsWith('mapping.')
        ? 'Ce champ est choisi pour plusieurs colonnes'
        : 'Cette valeur figure déjà dans la liste';
    case 'enum':
    case 'in':
      return 'Valeur non autorisée';
    case 'boolean':
      return 'La valeur doit être oui ou non';
    case 'sameAs':
      return isPassword
        ? 'Les mots de passe ne correspondent pas'
        : 'Les deux valeurs doivent être identiques';
    case 'notSameAs':
      return isPassword
        ? 'Le nouveau mot de passe doit être différent de l’actuel'
        : 'Les deux valeurs doivent être différentes';
    case 'accepted':
      return 'Vous devez accepter pour continuer';
    case 'regex':
      return 'Format invalide';
    case 'notAllowed':
      return 'Ce champ n’est pas autorisé';
    case 'exists':
      return 'Cet élément est introuvable ou ne vous appartient pas';
    case 'sellable':
      return 'Vous ne pouvez pas vendre cette offre : faites-vous d’abord accepter sur l’une de ses missions';
    case 'handoffCloser':
      return 'Ce closer n’est accepté sur aucune mission de cette offre';
    case 'decimals':
      return `Au plus ${plural(meta.decimals, 'décimale', 'décimales')}`;
    case 'afterOrEqual':
      return 'Cette date ne peut pas précéder la date de début';
    case 'dateSpan':
      return `La période ne doit pas dépasser ${plural(meta.max, 'jour', 'jours')}`;
    case 'leadStageState':
      return 'Cette qualification contredit le statut de contact';
    case 'future':
      return 'Cette date doit être dans le futur';
    case 'cardExpired':
      return 'Cette carte a expiré';
    case 'testCard':
      return 'Mode test : utilisez l’une des cartes de test indiquées';
    default:
      return 'Valeur invalide';
  }
}
