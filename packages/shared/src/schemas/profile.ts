import { z } from 'zod';
import { infopreneurOnboardingSteps, salesOnboardingSteps } from '../onboarding-steps';

import {
  checkboxValue,
  dateField,
  distinctItems,
  idField,
  limits,
  numberBetween,
  textField,
  urlField,
  workSectorsField,
} from './fields';

const formationSchema = z.object({
  name: textField().max(255),
  link: urlField(255).nullable().optional(),
});

/** Formations a profile lists. */
export const FORMATIONS_MAX = 20;

/** Skills: at most 50, each at most 255 characters, none twice (case aside). */
const skillsField = () =>
  distinctItems(z.array(textField().trim().min(1).max(255)).max(limits.pickedItemsMax), (skill) =>
    skill.toLowerCase(),
  );

const salesProfileFields = {
  id: idField().optional(),
  conversionRate: numberBetween(0, 10),
  experience: dateField(),
  description: textField().max(2500).nullable().optional(),
  skills: skillsField().optional(),
  formations: z.array(formationSchema).max(FORMATIONS_MAX).optional(),
  /** http(s) links only (a `javascript:` or `data:` link would run in the public profile). */
  socialLinks: z.array(urlField(limits.linkMaxLength)).max(limits.linksMax).optional(),
  videoUrl: urlField(4096).nullable().optional(),
  workSectors: workSectorsField().optional(),
  finishedProfileSetup: checkboxValue().optional(),
  onboardingStep: z.enum(salesOnboardingSteps).optional(),
};

/** Setter, closer and setter-closer profile (PUT /api/v1/user/setter, /closer, /setter-closer). */
export const salesProfileSchema = z.object(salesProfileFields);
export type SalesProfileInput = z.infer<typeof salesProfileSchema>;

/** Same as `salesProfileSchema` with conversionRate and experience optional (onboarding steps). */
export const salesProfileUpdateSchema = z.object({
  ...salesProfileFields,
  conversionRate: salesProfileFields.conversionRate.optional(),
  experience: salesProfileFields.experience.optional(),
});
export type SalesProfileUpdateInput = z.infer<typeof salesProfileUpdateSchema>;

/** Infopreneur profile (PUT /api/v1/user/infopreneur). */
export const infopreneurProfileSchema = z.object({
  id: idField().optional(),
  description: textField().max(2500).nullable().optional(),
  workSectors: workSectorsField().optional(),
  finishedProfileSetup: checkboxValue().optional(),
  onboardingStep: z.enum(infopreneurOnboardingSteps).optional(),
});
export type InfopreneurProfileInput = z.infer<typeof infopreneurProfileSchema>;
