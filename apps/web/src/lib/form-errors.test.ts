import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { showSubmitError } from './form-errors';

function fakeForm(values: object) {
  const fieldErrors: Record<string, string> = {};
  return {
    fieldErrors,
    setFieldError: (path: string, error: string) => {
      fieldErrors[path] = error;
    },
    getValues: () => values,
  };
}

const validation = (errors: { field: string; rule: string; message: string }[]) =>
  new ApiError(422, { code: 'E_VALIDATION_ERROR', message: 'Validation failure', errors });

describe('showSubmitError', () => {
  it('puts 422 errors under their fields in French and sets no form message', () => {
    const form = fakeForm({ email: '', password: '' });
    const messages: string[] = [];
    showSubmitError(
      form,
      validation([{ field: 'email', rule: 'unique', message: 'The email has already been taken' }]),
      (m) => messages.push(m),
    );
    expect(form.fieldErrors).toEqual({ email: 'Cette adresse e-mail est déjà utilisée.' });
    expect(messages).toEqual([]);
  });

  it('shows an error on a field the form does not have as the form message, joined as the spec says', () => {
    const form = fakeForm({ name: '' });
    const messages: string[] = [];
    showSubmitError(
      form,
      validation([
        { field: 'token', rule: 'required', message: 'The token field must be defined' },
        { field: 'role', rule: 'enum', message: 'The selected role is invalid' },
      ]),
      (m) => messages.push(m),
    );
    expect(form.fieldErrors).toEqual({});
    expect(messages).toEqual(['The token field must be defined, The selected role is invalid']);
  });

  it('describes any other failure with the given function', () => {
    const messages: string[] = [];
    showSubmitError(
      fakeForm({}),
      new ApiError(429, { code: 'E_TOO_MANY_REQUESTS', message: 'Too many requests' }),
      (m) => messages.push(m),
      () => 'Trop de tentatives.',
    );
    expect(messages).toEqual(['Trop de tentatives.']);
  });
});
