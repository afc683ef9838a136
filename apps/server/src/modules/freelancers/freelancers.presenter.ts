import type { FreelancerCard } from '@closia/shared';
import { z } from 'zod';
import { namedRefResponse } from '../services/services.presenter';

export const freelancerCardResponse = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  profilePicture: z.string().nullable(),
  kind: z.enum(['setter', 'closer', 'setter_closer']),
  location: z.string().nullable(),
  available: z.boolean(),
  online: z.boolean(),
  description: z.string().nullable(),
  conversionRate: z.number().nullable(),
  experience: z.string().nullable(),
  experienceYears: z.number().nullable(),
  skills: z.array(z.string()),
  workSectors: z.array(namedRefResponse),
  favorite: z.boolean(),
  match: z.object({ score: z.number(), reasons: z.array(z.string()) }).nullable(),
}) satisfies z.ZodType<FreelancerCard>;
