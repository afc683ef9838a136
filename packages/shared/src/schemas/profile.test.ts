import { describe, expect, it } from 'vitest';
import { chars, errorOn, errorsOf } from '../test-helpers';
import { infopreneurProfileSchema, salesProfileSchema, salesProfileUpdateSchema } from './profile';

const valid = { conversionRate: 4.5, experience: '2019-09-01' };
const at = (patch: Record<string, unknown>, field: string) =>
  errorOn(salesProfileSchema, { ...valid, ...patch }, field);

describe('salesProfileSchema', () => {
  it('accepts a full profile', () => {
    expect(
      errorsOf(salesProfileSchema, {
        ...valid,
        description: 'Closer depuis 5 ans',
        skills: ['Closing', 'Négociation'],
        formations: [{ name: 'Closing Academy', link: 'https://closing.fr' }, { name: 'Autodidacte' }],
        socialLinks: ['https://linkedin.com/in/x'],
        videoUrl: 'https://youtube.com/watch?v=1',
        workSectors: [2],
        finishedProfileSetup: true,
      }),
    ).toEqual([]);
  });

  it('conversionRate is between 0 and 10', () => {
    expect(at({ conversionRate: -0.1 }, 'conversionRate')).toEqual({
      message: 'The conversionRate field must be between 0 and 10',
      rule: 'range',
      field: 'conversionRate',
      meta: { min: 0, max: 10 },
    });
    expect(at({ conversionRate: 0 }, 'conversionRate')).toBeUndefined();
    expect(at({ conversionRate: 10 }, 'conversionRate')).toBeUndefined();
    expect(at({ conversionRate: 10.1 }, 'conversionRate')?.rule).toBe('range');
  });

  it('conversionRate and experience are required', () => {
    expect(errorsOf(salesProfileSchema, {}).map((e) => e.message)).toEqual([
      'The conversionRate field must be defined',
      'The experience field must be defined',
    ]);
  });

  it('experience is a date', () => {
    expect(at({ experience: 'depuis 2019' }, 'experience')?.message).toBe(
      'The experience field must be a valid date',
    );
  });

  it('description is at most 2500 characters', () => {
    expect(at({ description: chars(2500) }, 'description')).toBeUndefined();
    expect(at({ description: chars(2501) }, 'description')?.message).toBe(
      'The description field must not be greater than 2500 characters',
    );
  });

  it('each skill is at most 255 characters', () => {
    expect(at({ skills: [chars(255)] }, 'skills.0')).toBeUndefined();
    expect(at({ skills: ['ok', chars(256)] }, 'skills.1')).toEqual({
      message: 'The skills field must not be greater than 255 characters',
      rule: 'maxLength',
      field: 'skills.1',
      meta: { max: 255 },
      index: 1,
    });
  });

  it('formation name ≤ 255 and optional link URL ≤ 255', () => {
    const formation = (f: Record<string, unknown>) => ({ formations: [{ name: 'A' }, f] });
    expect(at(formation({ name: chars(255) }), 'formations.1.name')).toBeUndefined();
    expect(at(formation({ name: chars(256) }), 'formations.1.name')?.message).toBe(
      'The name field must not be greater than 255 characters',
    );
    expect(at(formation({ name: 'B', link: 'pas une url' }), 'formations.1.link')).toEqual({
      message: 'The link field must be a valid URL',
      rule: 'url',
      field: 'formations.1.link',
      index: 1,
    });
    const long = `https://a.fr/${chars(243)}`;
    expect(at(formation({ name: 'B', link: long.slice(0, 255) }), 'formations.1.link')).toBeUndefined();
    expect(at(formation({ name: 'B', link: long }), 'formations.1.link')?.rule).toBe('maxLength');
    expect(at(formation({ name: 'B', link: null }), 'formations.1.link')).toBeUndefined();
  });

  it('each social link and the video URL are at most 4096 characters', () => {
    const link = `https://a.fr/${chars(4084)}`;
    expect(at({ socialLinks: [link.slice(0, 4096)] }, 'socialLinks.0')).toBeUndefined();
    expect(at({ socialLinks: [link] }, 'socialLinks.0')?.rule).toBe('maxLength');
    const video = `https://a.fr/${chars(4084)}`;
    expect(at({ videoUrl: video.slice(0, 4096) }, 'videoUrl')).toBeUndefined();
    expect(at({ videoUrl: video }, 'videoUrl')?.message).toBe(
      'The videoUrl field must not be greater than 4096 characters',
    );
  });

  it.each([
    'javascript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'linkedin.com/in/x',
  ])('a social link must be an http(s) URL: %s answers rule url on the item', (link) => {
    expect(at({ socialLinks: ['https://linkedin.com/in/x', link] }, 'socialLinks.1')).toEqual({
      message: 'The socialLinks field must be a valid URL',
      rule: 'url',
      field: 'socialLinks.1',
      index: 1,
    });
  });

  it('lists at most 10 social links, 20 formations and 50 skills, each skill once', () => {
    const links = Array.from({ length: 11 }, (_, i) => `https://exemple.fr/${i}`);
    expect(at({ socialLinks: links }, 'socialLinks')?.rule).toBe('arrayMaxLength');
    const formations = Array.from({ length: 21 }, (_, i) => ({ name: `F${i}` }));
    expect(at({ formations }, 'formations')?.rule).toBe('arrayMaxLength');
    const skills = Array.from({ length: 5000 }, (_, i) => `Compétence ${i}`);
    expect(at({ skills }, 'skills')).toEqual({
      message: 'The skills field must not have more than 50 items',
      rule: 'arrayMaxLength',
      field: 'skills',
      meta: { max: 50 },
    });
    expect(at({ skills: ['Closing', 'Négociation', ' closing '] }, 'skills.2')).toEqual({
      message: 'The skills field must not contain duplicate values',
      rule: 'distinct',
      field: 'skills.2',
      index: 2,
    });
    expect(at({ workSectors: [4, 4] }, 'workSectors.1')?.rule).toBe('distinct');
  });

  it('finishedProfileSetup is an optional boolean', () => {
    expect(at({ finishedProfileSetup: 'yes' }, 'finishedProfileSetup')).toBeUndefined();
    expect(at({ finishedProfileSetup: 'peut-être' }, 'finishedProfileSetup')?.message).toBe(
      'The value must be a boolean',
    );
  });

  it('keeps only the values of a keyed workSectors object', () => {
    expect(salesProfileSchema.parse({ ...valid, workSectors: { 1: 5 } }).workSectors).toEqual([5]);
  });
});

describe('salesProfileUpdateSchema', () => {
  it('makes conversionRate and experience optional but keeps their rules', () => {
    expect(errorsOf(salesProfileUpdateSchema, { description: 'Bonjour' })).toEqual([]);
    expect(errorOn(salesProfileUpdateSchema, { conversionRate: 11 }, 'conversionRate')?.rule).toBe('range');
  });
});

describe('infopreneurProfileSchema', () => {
  it('description ≤ 2500, workSectors and finishedProfileSetup', () => {
    expect(
      infopreneurProfileSchema.parse({
        description: 'Formateur',
        workSectors: { a: 8 },
        finishedProfileSetup: 'on',
      }),
    ).toEqual({ description: 'Formateur', workSectors: [8], finishedProfileSetup: true });
    expect(errorOn(infopreneurProfileSchema, { description: chars(2501) }, 'description')?.rule).toBe(
      'maxLength',
    );
  });
});
