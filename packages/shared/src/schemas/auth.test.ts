import { describe, expect, it } from 'vitest';
import { chars, errorOn, errorsOf } from '../test-helpers';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from './auth';

const validRegister = {
  email: 'marie.dupont@example.fr',
  password: 'motdepasse',
  firstName: 'Marie',
  lastName: 'Dupont',
};

describe('registerSchema', () => {
  it('accepts a complete registration and normalises the e-mail and names', () => {
    const data = registerSchema.parse({
      ...validRegister,
      email: '  Marie.Dupont@Example.FR ',
      firstName: '  Marie ',
      affiliationCode: 'PARRAIN42',
      role: 'setter-closer',
    });
    expect(data).toEqual({
      email: 'marie.dupont@example.fr',
      password: 'motdepasse',
      firstName: 'Marie',
      lastName: 'Dupont',
      affiliationCode: 'PARRAIN42',
      role: 'setter-closer',
    });
  });

  it('reports every missing required field at once, in schema order', () => {
    expect(errorsOf(registerSchema, {})).toEqual([
      { message: 'The email field must be defined', rule: 'required', field: 'email' },
      { message: 'The password field must be defined', rule: 'required', field: 'password' },
      { message: 'The firstName field must be defined', rule: 'required', field: 'firstName' },
      { message: 'The lastName field must be defined', rule: 'required', field: 'lastName' },
    ]);
  });

  it('treats null as missing', () => {
    expect(errorOn(registerSchema, { ...validRegister, email: null }, 'email')?.rule).toBe('required');
  });

  it('reports one error per field even when several rules fail', () => {
    const errors = errorsOf(registerSchema, {
      ...validRegister,
      email: 'nope',
      password: 'x',
      lastName: 'D',
    });
    expect(errors.map((e) => e.field)).toEqual(['email', 'password', 'lastName']);
  });

  it.each([
    [
      7,
      { message: 'The password field must have at least 8 characters', rule: 'minLength', meta: { min: 8 } },
    ],
    [8, undefined],
    [128, undefined],
    [
      129,
      {
        message: 'The password field must not be greater than 128 characters',
        rule: 'maxLength',
        meta: { max: 128 },
      },
    ],
  ])('password of %i characters', (length, expected) => {
    const error = errorOn(registerSchema, { ...validRegister, password: chars(length) }, 'password');
    expect(error).toEqual(expected && { ...expected, field: 'password' });
  });

  it.each(['firstName', 'lastName'])('%s is trimmed then 2–50 characters', (field) => {
    const at = (value: string) => errorOn(registerSchema, { ...validRegister, [field]: value }, field);
    expect(at(' a ')).toEqual({
      message: `The ${field} field must have at least 2 characters`,
      rule: 'minLength',
      field,
      meta: { min: 2 },
    });
    expect(at(' ab ')).toBeUndefined();
    expect(at(chars(50))).toBeUndefined();
    expect(at(chars(51))).toEqual({
      message: `The ${field} field must not be greater than 50 characters`,
      rule: 'maxLength',
      field,
      meta: { max: 50 },
    });
  });

  it('affiliationCode is optional, nullable and at most 64 characters', () => {
    expect(errorsOf(registerSchema, { ...validRegister, affiliationCode: null })).toEqual([]);
    expect(errorsOf(registerSchema, { ...validRegister, affiliationCode: chars(64) })).toEqual([]);
    expect(
      errorOn(registerSchema, { ...validRegister, affiliationCode: chars(65) }, 'affiliationCode'),
    ).toEqual({
      message: 'The affiliationCode field must not be greater than 64 characters',
      rule: 'maxLength',
      field: 'affiliationCode',
      meta: { max: 64 },
    });
  });

  it('role must be one of the registration roles', () => {
    for (const role of ['setter', 'closer', 'infopreneur', 'setter-closer']) {
      expect(errorsOf(registerSchema, { ...validRegister, role })).toEqual([]);
    }
    expect(errorOn(registerSchema, { ...validRegister, role: 'admin' }, 'role')).toEqual({
      message: 'The selected role is invalid',
      rule: 'enum',
      field: 'role',
      meta: { choices: ['setter', 'closer', 'infopreneur', 'setter-closer'] },
    });
  });

  it('rejects an invalid e-mail with rule email', () => {
    expect(errorOn(registerSchema, { ...validRegister, email: 'marie@' }, 'email')).toEqual({
      message: 'The email field must be a valid email address',
      rule: 'email',
      field: 'email',
    });
  });
});

describe('loginSchema', () => {
  it('needs an e-mail and a non-empty password', () => {
    expect(errorsOf(loginSchema, { email: 'a@b.fr', password: 'x' })).toEqual([]);
    expect(errorsOf(loginSchema, { email: 'a@b.fr', password: '' })).toEqual([
      { message: 'The password field must be defined', rule: 'required', field: 'password' },
    ]);
    expect(errorsOf(loginSchema, {}).map((e) => e.message)).toEqual([
      'The email field must be defined',
      'The password field must be defined',
    ]);
  });

  it('does not apply the registration password length to login', () => {
    expect(errorsOf(loginSchema, { email: 'a@b.fr', password: 'court' })).toEqual([]);
  });
});

describe('forgotPasswordSchema and verifyEmailSchema', () => {
  it('forgot-password needs a valid e-mail', () => {
    expect(errorsOf(forgotPasswordSchema, { email: 'a@b.fr' })).toEqual([]);
    expect(errorOn(forgotPasswordSchema, { email: 'ab.fr' }, 'email')?.rule).toBe('email');
  });

  it('verify-email needs a token', () => {
    expect(errorsOf(verifyEmailSchema, { token: 'abc' })).toEqual([]);
    expect(errorsOf(verifyEmailSchema, {})).toEqual([
      { message: 'The token field must be defined', rule: 'required', field: 'token' },
    ]);
  });
});

describe('resetPasswordSchema', () => {
  const valid = { token: 'tok', password: 'nouveaumdp', passwordConfirmation: 'nouveaumdp' };

  it('accepts matching passwords', () => {
    expect(errorsOf(resetPasswordSchema, valid)).toEqual([]);
  });

  it('reports a mismatching confirmation on passwordConfirmation with rule sameAs', () => {
    expect(errorsOf(resetPasswordSchema, { ...valid, passwordConfirmation: 'autre-chose' })).toEqual([
      {
        message: 'The passwordConfirmation field and password field must be the same',
        rule: 'sameAs',
        field: 'passwordConfirmation',
        meta: { otherField: 'password' },
      },
    ]);
  });

  it('reports the mismatch together with the other failing fields', () => {
    const errors = errorsOf(resetPasswordSchema, { password: 'nouveaumdp', passwordConfirmation: 'x' });
    expect(errors.map((e) => [e.field, e.rule])).toEqual([
      ['token', 'required'],
      ['passwordConfirmation', 'sameAs'],
    ]);
  });

  it('token is 1–255 characters', () => {
    expect(errorOn(resetPasswordSchema, { ...valid, token: '' }, 'token')?.rule).toBe('required');
    expect(errorOn(resetPasswordSchema, { ...valid, token: chars(255) }, 'token')).toBeUndefined();
    expect(errorOn(resetPasswordSchema, { ...valid, token: chars(256) }, 'token')?.message).toBe(
      'The token field must not be greater than 255 characters',
    );
  });

  it('new password is at least 8 characters', () => {
    const short = { ...valid, password: chars(7), passwordConfirmation: chars(7) };
    expect(errorOn(resetPasswordSchema, short, 'password')?.message).toBe(
      'The password field must have at least 8 characters',
    );
  });
});

describe('changePasswordSchema', () => {
  const valid = { currentPassword: 'ancien', password: 'nouveaumdp', passwordConfirmation: 'nouveaumdp' };

  it('accepts a valid change', () => {
    expect(errorsOf(changePasswordSchema, valid)).toEqual([]);
  });

  it('requires the current password and a matching confirmation', () => {
    expect(
      errorsOf(changePasswordSchema, { password: 'nouveaumdp', passwordConfirmation: 'different' }),
    ).toEqual([
      { message: 'The currentPassword field must be defined', rule: 'required', field: 'currentPassword' },
      {
        message: 'The passwordConfirmation field and password field must be the same',
        rule: 'sameAs',
        field: 'passwordConfirmation',
        meta: { otherField: 'password' },
      },
    ]);
  });

  it('requires the confirmation', () => {
    expect(
      errorOn(changePasswordSchema, { ...valid, passwordConfirmation: undefined }, 'passwordConfirmation'),
    ).toEqual({
      message: 'The passwordConfirmation field must be defined',
      rule: 'required',
      field: 'passwordConfirmation',
    });
  });
});
