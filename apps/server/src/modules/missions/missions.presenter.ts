import { applicationStatuses, missionStatuses, missionTypes } from '@closia/shared';
import { z } from 'zod';
import { freelancerCardResponse } from '../freelancers/freelancers.presenter';
import { serviceResponse, userSummaryResponse } from '../services/services.presenter';

const matchResponse = z.object({ score: z.number(), reasons: z.array(z.string()) });

export const missionResponse = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  missionType: z.enum(missionTypes),
  minConversionRate: z.number().nullable(),
  minExperience: z.number().nullable(),
  ticket: z.number().nullable(),
  serviceId: z.number(),
  service: serviceResponse.pick({
    id: true,
    name: true,
    description: true,
    price: true,
    commissionRate: true,
    commissionAmount: true,
    financingMethods: true,
    certifications: true,
    locationType: true,
    location: true,
    workSectors: true,
    duration: true,
    link: true,
    validationStatus: true,
    status: true,
  }),
  infopreneurId: z.number(),
  infopreneur: userSummaryResponse,
  status: z.enum(['draft', 'published', 'archived', 'deleted']),
  missionStatus: z.enum(missionStatuses),
  applicationCount: z.number().nullable(),
  acceptedCount: z.number(),
  favorite: z.boolean(),
  sponsored: z.boolean(),
  advertisementId: z.number().nullable(),
  match: matchResponse.nullable(),
  myApplication: z.object({ id: z.number(), status: z.enum(applicationStatuses) }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const applicationResponse = z.object({
  id: z.number(),
  missionId: z.number(),
  mission: z.object({
    id: z.number(),
    title: z.string(),
    missionType: z.enum(missionTypes),
    missionStatus: z.enum(missionStatuses),
    serviceId: z.number(),
    serviceName: z.string(),
    infopreneur: userSummaryResponse,
  }),
  userId: z.number(),
  applicant: freelancerCardResponse,
  message: z.string(),
  status: z.enum(applicationStatuses),
  createdAt: z.string(),
  updatedAt: z.string(),
});
