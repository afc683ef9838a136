import { describe, expect, it } from 'vitest';
import { chars, errorOn, errorsOf } from '../test-helpers';
import { userSchema, userUpdateSchema } from './user';

const valid = { firstName: 'Inès', lastName: 'Moreau', email: 'ines@exemple.fr', password: 'motdepasse' };
const at = (patch: Record<string, unknown>, field: string) =>
  errorOn(userSchema, { ...valid, ...patch }, field);

describe('userSchema', () => {
  it('accepts a valid user', () => {
    expect(errorsOf(userSchema, { ...valid, referrerId: 2, loom: 'https://loom.com/share/abc' })).toEqual([]);
  });

  it.each(['firstName', 'lastName'])('%s is trimmed, 2–50', (field) => {
    expect(at({ [field]: ' a ' }, field)?.rule).toBe('minLength');
    expect(at({ [field]: chars(50) }, field)).toBeUndefined();
    expect(at({ [field]: chars(51) }, field)?.rule).toBe('maxLength');
  });

  it('password is at least 8', () => {
    expect(at({ password: chars(7) }, 'password')?.message).toBe(
      'The password field must have at least 8 characters',
    );
    expect(at({ password: chars(8) }, 'password')).toBeUndefined();
  });

  it.each(['profilePicture', 'banner', 'loom', 'videoUrl'])('%s must be a URL', (field) => {
    expect(at({ [field]: 'photo.png' }, field)?.message).toBe(`The ${field} field must be a valid URL`);
  });

  it('referrerId is a positive integer', () => {
    expect(at({ referrerId: 0 }, 'referrerId')?.rule).toBe('positive');
    expect(at({ referrerId: 1.2 }, 'referrerId')?.rule).toBe('withoutDecimals');
  });
});

describe('userUpdateSchema', () => {
  it('every field is optional', () => {
    expect(errorsOf(userUpdateSchema, {})).toEqual([]);
  });

  it('location ≤ 255 and nullable', () => {
    expect(errorOn(userUpdateSchema, { location: null }, 'location')).toBeUndefined();
    expect(errorOn(userUpdateSchema, { location: chars(255) }, 'location')).toBeUndefined();
    expect(errorOn(userUpdateSchema, { location: chars(256) }, 'location')?.rule).toBe('maxLength');
  });

  it('socialLinks are URLs of at most 4096 characters, available boolean, videoUrl URL', () => {
    const longUrl = (n: number) => `https://example.com/${'a'.repeat(n - 20)}`;
    expect(longUrl(4096)).toHaveLength(4096);
    expect(errorOn(userUpdateSchema, { socialLinks: [longUrl(4096)] }, 'socialLinks.0')).toBeUndefined();
    expect(errorOn(userUpdateSchema, { socialLinks: [longUrl(4097)] }, 'socialLinks.0')?.rule).toBe(
      'maxLength',
    );
    expect(errorOn(userUpdateSchema, { socialLinks: ['pas une url'] }, 'socialLinks.0')?.rule).toBe('url');
    expect(userUpdateSchema.parse({ available: 'off' })).toEqual({ available: false });
    expect(errorOn(userUpdateSchema, { available: 'bof' }, 'available')?.rule).toBe('boolean');
    expect(errorOn(userUpdateSchema, { videoUrl: 'video' }, 'videoUrl')?.rule).toBe('url');
    expect(errorOn(userUpdateSchema, { videoUrl: null }, 'videoUrl')).toBeUndefined();
  });
});
