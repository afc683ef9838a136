import {
  CUSTOM_FIELD_PREFIX,
  type ProspectImportError,
  prospectImportFieldLabels,
  ruleMessages,
  type ValidationErrorItem,
  type ValidationRule,
  validationMessageFr,
} from '@closia/shared';
import type { ErrorWording } from '../../../lib/error-message';
import { fieldErrorFr } from '../../../lib/form-errors';

/*
 * The API answers in English (its validation catalogue, its error messages): the prospects pages
 * name the fields of a 422 in French, and read the import's English messages back into French.
 * A failure's reason and status are worded in one place, `lib/error-message.ts`.
 */

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

/** What the prospects pages say for a failure the server gives no reason for (`errorMessage`'s wording). */
export const prospectWording: ErrorWording = {
  forbidden: 'Vous n’avez pas accès à cette action.',
  notFound: 'Ce prospect n’existe pas ou n’est plus disponible.',
  conflict: 'Cette action n’est plus possible : le prospect a changé entre-temps. Rechargez la page.',
  tooLarge: 'Le fichier est trop volumineux (2 Mo au plus).',
  field: (item) => `${fieldLabel(item.field)} : ${fieldErrorFr(item)}`,
};

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
