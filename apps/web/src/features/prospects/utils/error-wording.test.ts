import { ruleMessages } from '@closia/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import {
  fieldLabel,
  groupImportErrors,
  importErrorText,
  prospectWording,
  ruleOfMessage,
} from './error-wording';

describe('French error texts', () => {
  it('says why a call failed, by status', () => {
    const say = (error: unknown) => errorMessage(error, prospectWording);
    expect(say(new ApiError(0, { message: 'Failed to fetch' }))).toMatch(/injoignable/);
    expect(say(new ApiError(404, { message: 'Prospect not found' }))).toBe(
      'Ce prospect n’existe pas ou n’est plus disponible.',
    );
    expect(say(new ApiError(503, { message: 'x' }))).toMatch(/Le serveur a rencontré un problème/);
    expect(say(new ApiError(413, { message: 'x' }))).toBe('Le fichier est trop volumineux (2 Mo au plus).');
    expect(say(new ApiError(409, { message: 'x' }))).toBe(
      'Cette action n’est plus possible : le prospect a changé entre-temps. Rechargez la page.',
    );
    expect(say(new ApiError(409, { message: 'x', reason: 'PROSPECT_HAS_WON_DEAL' }))).toBe(
      'Ce prospect a une vente gagnée, avec ses commissions : il ne peut pas être supprimé.',
    );
  });

  it('names the fields of a 422 in French', () => {
    const error = new ApiError(422, {
      message: 'Validation failure',
      errors: [{ field: 'file', rule: 'fileSize', message: 'x', meta: { max: 2 * 1024 * 1024 } }],
    });
    expect(errorMessage(error, prospectWording)).toBe('Fichier : Le fichier ne doit pas dépasser 2 Mo');
  });

  it('labels prospect fields, custom fields and list items', () => {
    expect(fieldLabel('firstName')).toBe('Prénom');
    expect(fieldLabel('contactLinks.2')).toBe('Liens');
    expect(fieldLabel('customFields.Budget')).toBe('« Budget »');
    expect(fieldLabel('dueAt')).toBe('Échéance');
    expect(fieldLabel('whatever')).toBe('whatever');
  });
});

describe('import errors', () => {
  it('reads the rule and its values back from the English catalogue', () => {
    expect(ruleOfMessage('The firstName field must have at least 2 characters')).toEqual({
      rule: 'minLength',
      meta: { min: 2 },
    });
    expect(ruleOfMessage('The email field must be a valid email address')).toEqual({
      rule: 'email',
      meta: {},
    });
    expect(ruleOfMessage('The selected state is invalid')?.rule).toBe('enum');
    expect(ruleOfMessage('Something else entirely')).toBeNull();
  });

  it('reads every rule of the catalogue back', () => {
    for (const [rule, template] of Object.entries(ruleMessages)) {
      const message = template.replace(/\{(\w+)\}/g, (_, key: string) =>
        key === 'field' ? 'firstName' : '7',
      );
      const found = ruleOfMessage(message);
      expect(found, rule).not.toBeNull();
      // Rules sharing a wording read as the first of them.
      expect((ruleMessages as Record<string, string>)[found?.rule ?? ''], rule).toBe(template);
    }
  });

  it('translates a line’s error, or keeps a message it does not know', () => {
    expect(importErrorText({ field: 'firstName', message: 'The firstName field must be defined' })).toBe(
      'Ce champ est obligatoire',
    );
    expect(
      importErrorText({ field: 'contactLinks.0', message: 'The contactLinks.0 field must be a valid URL' }),
    ).toMatch(/URL invalide/);
    expect(importErrorText({ field: 'x', message: 'Boom' })).toBe('Boom');
  });

  it('groups errors by line, in line order', () => {
    const lines = groupImportErrors([
      { line: 5, field: 'email', message: 'The email field must be a valid email address' },
      { line: 3, field: 'firstName', message: 'The firstName field must be defined' },
      {
        line: 5,
        field: 'customFields.Budget',
        message: 'The customFields.Budget field must not be greater than 500 characters',
      },
    ]);
    expect(lines).toEqual([
      { line: 3, problems: [{ field: 'firstName', label: 'Prénom', text: 'Ce champ est obligatoire' }] },
      {
        line: 5,
        problems: [
          { field: 'email', label: 'E-mail', text: 'Adresse e-mail invalide' },
          { field: 'customFields.Budget', label: '« Budget »', text: 'Au plus 500 caractères' },
        ],
      },
    ]);
  });
});
