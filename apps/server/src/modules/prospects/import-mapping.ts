/**
 * How the columns of an imported file become a prospect (prospects-import.service.ts): the mapping
 * of each header to a field, guessed from the headers or sent by the user, and a line's cells read
 * through it (French labels of the enumerations, links, Paris dates).
 */
import {
  acceptsSeveralColumns,
  CUSTOM_FIELD_PREFIX,
  type ImportTarget,
  importMappingSchema,
  leadStageLabels,
  leadStages,
  type prospectImportFields,
  prospectLimits,
  prospectStateLabels,
  prospectStates,
  toValidationErrors,
  type ValidationErrorItem,
  validationMessage,
} from '@closia/shared';
import { AppError, fieldError } from '../../lib/errors';
import { parseFrenchDateTime } from '../../lib/paris-time';

// --- mapping ------------------------------------------------------------------------------------

/** "Téléphone portable" → "telephoneportable": lower case, no accents, letters and digits only. */
export function headerKey(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

type FieldTarget = (typeof prospectImportFields)[number];

const headerNames: Record<FieldTarget | 'ignore', string[]> = {
  firstName: ['prenom', 'prenoms', 'firstname', 'first', 'givenname', 'forename'],
  lastName: ['nom', 'nomdefamille', 'lastname', 'last', 'surname', 'familyname'],
  email: [
    'email',
    'mail',
    'courriel',
    'adresseemail',
    'adressemail',
    'adressecourriel',
    'adresseelectronique',
    'emailaddress',
  ],
  phone: [
    'telephone',
    'tel',
    'phone',
    'phonenumber',
    'numerodetelephone',
    'numero',
    'mobile',
    'portable',
    'telephoneportable',
    'telportable',
    'gsm',
    'cellphone',
    'mobilephone',
  ],
  observations: [
    'observations',
    'observation',
    'notes',
    'note',
    'commentaire',
    'commentaires',
    'comment',
    'comments',
    'remarque',
    'remarques',
  ],
  state: ['statut', 'status', 'etat', 'state', 'statutducontact', 'contactstatus'],
  leadStage: ['qualification', 'leadstage', 'stage', 'etape', 'phase'],
  contactLinks: [
    'liens',
    'lien',
    'links',
    'link',
    'url',
    'urls',
    'linkedin',
    'siteweb',
    'siteinternet',
    'website',
    'site',
    'reseauxsociaux',
    'profil',
    'profile',
  ],
  nextActivityAt: ['prochaineactivite', 'nextactivity', 'nextactivityat', 'prochainerelance', 'relance'],
  // What other exports carry and a prospect has no place for.
  ignore: ['id', 'creele', 'createdat', 'datedecreation', 'modifiele', 'updatedat', 'fullname', 'nomcomplet'],
};
const targetOfHeader = new Map<string, FieldTarget | 'ignore'>(
  Object.entries(headerNames).flatMap(([target, names]) =>
    names.map((name) => [name, target as FieldTarget | 'ignore'] as const),
  ),
);

const customTarget = (name: string) => `${CUSTOM_FIELD_PREFIX}${name}` as ImportTarget;

/**
 * A mapping guessed from the headers: known names (French or English, accents and case ignored)
 * go to their field, the first column of each field only (a second "Téléphone" becomes a custom
 * field); any other header becomes `customFields.<header>` (at most 30, cut to 50 characters).
 */
export function guessMapping(headers: readonly string[]): Record<string, ImportTarget> {
  // Built as entries: a header may be "__proto__", which an assignment would not store.
  const mapping = new Map<string, ImportTarget>();
  const used = new Set<string>();
  let customs = 0;
  for (const header of headers) {
    const known = targetOfHeader.get(headerKey(header));
    if (known && (acceptsSeveralColumns(known) || !used.has(known))) {
      mapping.set(header, known);
      used.add(known);
      continue;
    }
    const name = header.trim().slice(0, prospectLimits.customFieldKeyMaxLength).trim();
    const target = customTarget(name);
    if (name === '' || used.has(target) || customs >= prospectLimits.customFieldsMax) {
      mapping.set(header, 'ignore');
      continue;
    }
    mapping.set(header, target);
    used.add(target);
    customs += 1;
  }
  return Object.fromEntries(mapping);
}

/**
 * The mapping sent (`mapping` form field, JSON): every key a header of the file, every target
 * valid, a single-value target chosen once. Headers it leaves out are ignored.
 */
export function readMapping(text: string, headers: readonly string[]): Record<string, ImportTarget> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw fieldError('mapping', 'json');
  }
  const parsed = importMappingSchema.safeParse(raw);
  if (!parsed.success) {
    const items: ValidationErrorItem[] = toValidationErrors(parsed.error, raw).map((item) =>
      item.field
        ? { ...item, field: `mapping.${item.field}` }
        : { ...item, field: 'mapping', message: validationMessage(item.rule, 'mapping', item.meta) },
    );
    throw new AppError(422, 'E_VALIDATION_ERROR', 'Validation failure', items);
  }
  const known = new Set(headers);
  // JSON.parse keeps every key as an own property (even "__proto__"): read them as entries.
  const sent = new Map(Object.entries(raw as Record<string, string>));
  for (const header of sent.keys()) {
    if (!known.has(header))
      throw fieldError(`mapping.${header}`, 'in', 'The mapping names a column the file does not have');
  }
  const mapping = new Map<string, ImportTarget>();
  const used = new Map<string, string>();
  for (const header of headers) {
    const target = (sent.get(header) ?? 'ignore') as ImportTarget;
    const single = target.startsWith(CUSTOM_FIELD_PREFIX)
      ? customTarget(target.slice(CUSTOM_FIELD_PREFIX.length).trim())
      : target;
    if (!acceptsSeveralColumns(single)) {
      if (used.has(single))
        throw fieldError(
          `mapping.${header}`,
          'distinct',
          `The ${single} field must not be chosen for more than one column`,
        );
      used.set(single, header);
    }
    mapping.set(header, single);
  }
  return Object.fromEntries(mapping);
}

// --- one line -------------------------------------------------------------------------------------

/** An enumeration's values by their value and French label, case and accents aside. */
function enumLookup<T extends string>(values: readonly T[], labels: Record<T, string>): Map<string, T> {
  return new Map(
    values.flatMap((value) => [
      [headerKey(labels[value]), value] as const,
      [headerKey(value), value] as const,
    ]),
  );
}
const stateByText = enumLookup(prospectStates, prospectStateLabels);
const leadStageByText = enumLookup(leadStages, leadStageLabels);

/** A label or a value of an enumeration ("suivi", "Suivi", "follow_up"); else the text, for the schema to refuse. */
const enumValue = (text: string, lookup: Map<string, string>): string => lookup.get(headerKey(text)) ?? text;

/**
 * The links of a cell: separated by spaces, line breaks or `|`; a link written without its scheme
 * ("linkedin.com/in/luc", "www.exemple.fr") gets https://.
 */
export function linksOf(text: string): string[] {
  return text
    .split(/[\s|]+/)
    .map((part) => part.replace(/[,;]+$/, ''))
    .filter((part) => part !== '')
    .map((part) =>
      /^[a-z][a-z0-9+.-]*:/i.test(part) || !/^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+(\/|$)/u.test(part)
        ? part
        : `https://${part}`,
    );
}

/** A cell as a prospect date: "31/01/2026 09:30" in Paris time, or what the schema reads (ISO). */
function dateOf(text: string): string {
  return parseFrenchDateTime(text)?.toISOString() ?? text;
}

/** The prospect a line describes, before validation: its cells by the mapping's columns. */
export function lineInput(
  cells: readonly string[],
  columns: readonly ImportTarget[],
): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const customs: [string, string][] = [];
  const links: string[] = [];
  const notes: string[] = [];
  columns.forEach((target, i) => {
    if (target === 'ignore') return;
    const value = cells[i] ?? '';
    if (value === '') return;
    if (target.startsWith(CUSTOM_FIELD_PREFIX))
      customs.push([target.slice(CUSTOM_FIELD_PREFIX.length), value]);
    else if (target === 'contactLinks') links.push(...linksOf(value));
    else if (target === 'observations') notes.push(value);
    else if (target === 'state') input.state = enumValue(value, stateByText);
    else if (target === 'leadStage') input.leadStage = enumValue(value, leadStageByText);
    else if (target === 'nextActivityAt') input.nextActivityAt = dateOf(value);
    else input[target] = value;
  });
  if (notes.length > 0) input.observations = notes.join('\n');
  input.contactLinks = links;
  input.customFields = Object.fromEntries(customs);
  return input;
}
