import {
  CUSTOM_FIELD_PREFIX,
  type ProspectImportError,
  prospectImportFieldLabels,
  ruleMessages,
  type ValidationErrorItem,
  type ValidationRule,
  validationMessageFr,
} from '@closia/shared';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/api-errors';
import { fieldErrorFr } from '../../../lib/form-errors';

/*
 * The API answers in English (its validation catalogue, its error messages): what the prospects
 * pages show is French, built from the error's status, rule and meta.
 */

/** One French sentence for a failed call, by its status. */
export function errorMessage(error: unknown): string {
  if (!isApiError(error)) return errorText(error);
  if (error.status === 422 && error.errors?.length) {
    return [...new Set(error.errors.map((item) => `${fieldLabel(item.field)} : ${fieldErrorFr(item)}`))].join(
      ' ',
    );
  }
  switch (error.status) {
    case 0:
      return 'Le serveur est injoignable : vérifiez votre connexion, puis réessayez.';
    case 401:
      return 'Votre session a expiré : reconnectez-vous.';
    case 403:
      return 'Vous n’avez pas accès à cette action.';
    case 404:
      return 'Ce prospect n’existe pas ou n’est plus disponible.';
    case 409:
      return 'Cette action n’est plus possible : le prospect a changé entre-temps. Rechargez la page.';
    case 413:
      return 'Le fichier est trop volumineux (2 Mo au plus).';
    case 429:
      return 'Trop de demandes d’un coup : réessayez dans un instant.';
    default:
      return error.status >= 500
        ? 'Le serveur a rencontré un problème : réessayez dans un instant.'
        : 'Une erreur inattendue est survenue.';
  }
}

const extraLabels: Record<string, string> = {
  file: 'Fichier',
  mapping: 'Correspondance des colonnes',
  title: 'Titre',
  dueAt: 'Échéance',
  priority: 'Priorité',
  notes: 'Notes',
  customFields: 'Champs personnalisés',
  query: 'Recherche',
  state: 'Statut',
  leadStage: 'Qualification',
  nextActivity: 'Prochaine activité',
  sortBy: 'Tri',
  sortOrder: 'Ordre',
  page: 'Page',
};

/** The French name of a prospect field path: `customFields.budget` → « budget », `contactLinks.0` → Liens. */
export function fieldLabel(field: string): string {
  if (field.startsWith(CUSTOM_FIELD_PREFIX)) return `« ${field.slice(CUSTOM_FIELD_PREFIX.length)} »`;
  const head = field.split('.')[0] ?? field;
  if (Object.hasOwn(prospectImportFieldLabels, head)) {
    return prospectImportFieldLabels[head as keyof typeof prospectImportFieldLabels];
  }
  return extraLabels[head] ?? field;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Each rule's English message as a pattern, its placeholders as named groups; the most specific
 * wording first ("after or equal to {otherField}" before "after {otherField}"), then the
 * catalogue's order.
 */
const messagePatterns: { rule: ValidationRule; pattern: RegExp }[] = (
  Object.entries(ruleMessages) as [ValidationRule, string][]
)
  .map(([rule, template]) => ({ rule, template, literal: template.replace(/\{\w+\}/g, '').length }))
  .sort((a, b) => b.literal - a.literal)
  .map(({ rule, template }) => {
    const names = new Set<string>();
    const source = template
      .split(/(\{\w+\})/)
      .map((part) => {
        const placeholder = /^\{(\w+)\}$/.exec(part)?.[1];
        if (!placeholder) return escapeRegExp(part);
        if (names.has(placeholder)) return '.+?';
        names.add(placeholder);
        return `(?<${placeholder}>.+?)`;
      })
      .join('');
    return { rule, pattern: new RegExp(`^${source}$`) };
  });

/**
 * The rule and meta behind an English validation message of the catalogue ("The firstName field
 * must have at least 2 characters" → minLength, { min: 2 }), or null for any other text.
 */
export function ruleOfMessage(message: string): Pick<ValidationErrorItem, 'rule' | 'meta'> | null {
  for (const { rule, pattern } of messagePatterns) {
    const match = pattern.exec(message.trim());
    if (!match) continue;
    const meta: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(match.groups ?? {})) {
      if (key === 'field') continue;
      meta[key] = /^\d+(\.\d+)?$/.test(value) ? Number(value) : value;
    }
    return { rule, meta };
  }
  return null;
}

/**
 * The French text of one line's error in the import preview. The import reports the English
 * message only (no rule): the rule is read back from the catalogue's wording.
 */
export function importErrorText(error: Pick<ProspectImportError, 'field' | 'message'>): string {
  const known = ruleOfMessage(error.message);
  if (!known) return error.message;
  return validationMessageFr({ field: error.field, message: error.message, ...known });
}

export interface LineErrors {
  line: number;
  problems: { field: string; label: string; text: string }[];
}

/** The import's errors grouped by line, in line order, in French. */
export function groupImportErrors(errors: readonly ProspectImportError[]): LineErrors[] {
  const byLine = new Map<number, LineErrors>();
  for (const error of errors) {
    let entry = byLine.get(error.line);
    if (!entry) {
      entry = { line: error.line, problems: [] };
      byLine.set(error.line, entry);
    }
    entry.problems.push({ field: error.field, label: fieldLabel(error.field), text: importErrorText(error) });
  }
  return [...byLine.values()].sort((a, b) => a.line - b.line);
}
