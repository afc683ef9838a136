import type { CurrentUser, InfopreneurProfile, SalesProfile } from '@closia/shared';
import { describe, expect, it } from 'vitest';
import { profileCompleteness } from './profile-completeness';

const base: CurrentUser = {
  id: 7,
  firstName: 'Lina',
  lastName: 'Moreau',
  fullName: 'Lina Moreau',
  email: 'lina@example.com',
  emailVerified: true,
  admin: false,
  role: null,
  profilePicture: null,
  banner: null,
  setter: null,
  closer: null,
  setterCloser: null,
  infopreneur: null,
  unreadMessageCount: 0,
  paymentPastDueUntil: null,
  socialLinks: [],
  videoUrl: null,
  loom: null,
  online: true,
  location: null,
  available: true,
  affiliationCode: null,
  referrerId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const emptySales: SalesProfile = {
  id: 1,
  userId: 7,
  description: null,
  workSectors: [],
  finishedProfileSetup: false,
  onboardingStep: null,
  createdAt: base.createdAt,
  updatedAt: base.updatedAt,
  conversionRate: null,
  experience: null,
  skills: [],
  formations: [],
  socialLinks: [],
  videoUrl: null,
};

const fullSales: SalesProfile = {
  ...emptySales,
  description: 'Setter depuis 3 ans.',
  workSectors: [3],
  finishedProfileSetup: true,
  conversionRate: 4.5,
  experience: '2023-01-01',
  skills: ['Prospection LinkedIn'],
  formations: [{ name: 'Closing Academy' }],
};

describe('profileCompleteness', () => {
  it('lists every item as missing for a new user without a type, leading to the type choice', () => {
    const result = profileCompleteness(base);
    expect(result.percent).toBe(0);
    expect(result.missing.map((item) => item.key)).toEqual([
      'avatar',
      'banner',
      'location',
      'type',
      'socialLinks',
      'video',
    ]);
    expect(result.items.find((item) => item.key === 'type')?.to).toBe('/onboarding');
  });

  it('links pictures to the settings and profile fields to their onboarding step', () => {
    const result = profileCompleteness({ ...base, setter: emptySales });
    const to = Object.fromEntries(result.items.map((item) => [item.key, item.to]));
    expect(to.avatar).toBe('/dashboard/settings');
    expect(to.banner).toBe('/dashboard/settings');
    expect(to.description).toBe('/onboarding/setter/description');
    expect(to.experience).toBe('/onboarding/setter/experience');
    expect(to.formations).toBe('/onboarding/setter/formations');
    expect(to.skills).toBe('/onboarding/setter/skills');
    expect(to.workSectors).toBe('/onboarding/setter/work-sectors');
    expect(to.conversionRate).toBe('/onboarding/setter/conversion');
    expect(result.items).toHaveLength(11);
  });

  it('uses the track of the sub-profile (setter-closer)', () => {
    const result = profileCompleteness({ ...base, setterCloser: emptySales });
    expect(result.items.find((item) => item.key === 'skills')?.to).toBe('/onboarding/setter-closer/skills');
  });

  it('counts each item equally and reaches 100 % when everything is filled', () => {
    const partly = profileCompleteness({ ...base, closer: fullSales });
    // 6 of 11 done: the five profile fields + formations; pictures, location, links, video missing.
    expect(partly.percent).toBe(Math.round((6 / 11) * 100));

    const complete = profileCompleteness({
      ...base,
      profilePicture: 'a.webp',
      banner: 'b.webp',
      location: 'Lyon',
      socialLinks: ['https://www.linkedin.com/in/lina'],
      loom: 'https://www.loom.com/share/0123456789abcdef',
      closer: fullSales,
    });
    expect(complete.percent).toBe(100);
    expect(complete.missing).toEqual([]);
  });

  it('asks an infopreneur only for a presentation and work sectors beyond the common items', () => {
    const infopreneur: InfopreneurProfile = { ...emptySales, description: 'Formatrice.', workSectors: [] };
    const result = profileCompleteness({ ...base, infopreneur });
    expect(result.items.map((item) => item.key)).toEqual([
      'avatar',
      'banner',
      'location',
      'description',
      'workSectors',
      'socialLinks',
      'video',
    ]);
    expect(result.items.find((item) => item.key === 'workSectors')?.to).toBe(
      '/onboarding/infopreneur/work-sectors',
    );
    expect(result.percent).toBe(Math.round((1 / 7) * 100));
  });
});
