import {
  type Mission,
  missionCreateSchema,
  type Service,
  serviceCreateSchema,
  toValidationErrors,
} from '@closia/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  advertisementFormValues,
  parseTarget,
  targetErrors,
  toAdvertisementInput,
  toAdvertisementUpdate,
} from './advertisement-form';
import { refusalReasons } from './application';
import { missionChanges, missionFormValues, toMissionInput } from './mission-form';
import { changedFields, emptyServiceValues, serviceFormValues, toServiceInput } from './service-form';

const service: Service = {
  id: 4,
  infopreneurId: 2,
  infopreneur: { id: 2, fullName: 'Camille Martin', profilePicture: null },
  name: 'Devenir closer en 30 jours',
  description: 'Une formation complète au closing à distance.',
  price: 1500,
  currency: 'EUR',
  commissionRate: 20,
  commissionAmount: 300,
  financingMethods: ['cpf'],
  link: 'https://exemple.fr/closer',
  duration: 35,
  requestValidation: true,
  location: null,
  locationType: 'online',
  certifications: ['qualiopi'],
  workSectors: [{ id: 3, name: 'Vente' }],
  status: 'active',
  validationStatus: 'approved',
  rejectionReason: null,
  openMissionCount: 1,
  favorite: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

const mission = {
  id: 9,
  title: 'Closer pour ma formation',
  description: null,
  missionType: 'closer',
  minConversionRate: 40,
  minExperience: 2,
  ticket: null,
  serviceId: 4,
} as Mission;

describe('offer form', () => {
  it('sends numbers, sector ids, and no place for an online training', () => {
    const input = toServiceInput({
      ...serviceFormValues(service),
      location: 'Lyon',
      workSectors: ['3', '7'],
      requestValidation: true,
    });
    expect(input).toMatchObject({
      price: 1500,
      commissionRate: 20,
      duration: 35,
      location: null,
      workSectors: [3, 7],
    });
    expect(serviceCreateSchema.safeParse(input).success).toBe(true);
  });

  it('leaves blank numbers undefined so that the shared schema says they are required', () => {
    const input = toServiceInput({ ...emptyServiceValues, locationType: 'physical' });
    const fields = toValidationErrors(serviceCreateSchema.safeParse(input).error!, input).map(
      (e) => `${e.field}:${e.rule}`,
    );
    expect(fields).toEqual(
      expect.arrayContaining([
        'price:required',
        'commissionRate:required',
        'duration:required',
        'location:required',
      ]),
    );
  });

  it('sends only what changed, the place with its type', () => {
    const before = toServiceInput(serviceFormValues(service));
    expect(changedFields(before, before)).toEqual({});
    expect(changedFields(before, { ...before, price: 1600 })).toEqual({ price: 1600 });
    expect(changedFields(before, { ...before, locationType: 'physical', location: 'Lyon' })).toEqual({
      locationType: 'physical',
      location: 'Lyon',
    });
  });
});

describe('mission form', () => {
  it('drops blank optional fields and keeps the ticket as null', () => {
    const input = toMissionInput(
      {
        title: ' Closer CPF ',
        description: ' ',
        missionType: 'closer',
        minConversionRate: '',
        minExperience: 3,
        ticket: '',
      },
      4,
    );
    expect(input).toEqual({
      title: 'Closer CPF',
      description: undefined,
      missionType: 'closer',
      minConversionRate: undefined,
      minExperience: 3,
      serviceId: 4,
      ticket: null,
    });
    expect(missionCreateSchema.safeParse(input).success).toBe(true);
  });

  it('sends the changes of an edit; a cleared field is sent as null', () => {
    const values = missionFormValues(mission);
    expect(missionChanges(mission, values)).toEqual({});
    expect(
      missionChanges(mission, {
        ...values,
        minConversionRate: '',
        minExperience: '',
        ticket: 1200,
        description: 'Leads fournis',
      }),
    ).toEqual({
      minConversionRate: null,
      minExperience: null,
      ticket: 1200,
      description: 'Leads fournis',
    });
    expect(missionChanges({ ...mission, description: 'Avant' }, { ...values, description: '  ' })).toEqual({
      description: null,
    });
  });
});

describe('campaign form', () => {
  it('reads its target', () => {
    expect(parseTarget('service:12')).toEqual({ serviceId: 12, missionId: null });
    expect(parseTarget('mission:5')).toEqual({ serviceId: null, missionId: 5 });
    expect(parseTarget(null)).toEqual({ serviceId: null, missionId: null });
    expect(parseTarget('mission:abc')).toEqual({ serviceId: null, missionId: null });
  });

  it('sends instants in UTC, "all" roles as null, and no target on an edit', () => {
    const values = {
      ...advertisementFormValues(null),
      target: 'service:4',
      title: 'Promo',
      text: 'Une offre à ne pas manquer.',
      startsAt: '2025-06-01T09:00',
      endsAt: '2025-06-30T18:00',
      targetWorkSectors: ['3'],
    };
    const input = toAdvertisementInput(values);
    expect(input).toMatchObject({
      serviceId: 4,
      missionId: null,
      targetRole: null,
      targetWorkSectors: [3],
      image: null,
    });
    expect(input.startsAt).toMatch(/^2025-0[56]-\d{2}T\d{2}:00:00\.000Z$/);
    expect(toAdvertisementUpdate(values)).not.toHaveProperty('serviceId');
  });

  it('puts the target errors under the one target field', () => {
    expect(targetErrors({ serviceId: 'Ce champ est obligatoire', title: 'x' })).toEqual({
      target: 'Choisissez une offre ou une mission',
      title: 'x',
    });
  });
});

describe('application refusals', () => {
  it('says why the profile does not qualify, from the 422 messages', () => {
    const error = new ApiError(422, {
      code: 'E_VALIDATION_ERROR',
      message: 'Validation failure',
      reason: 'NOT_ELIGIBLE',
      errors: [
        {
          field: 'minConversionRate',
          rule: 'belowMinimum',
          message: 'Your conversion rate (4/10) is below the 6/10 this mission requires: 2 short',
          meta: { required: 6, actual: 4, missing: 2, unit: 'rate' },
        },
        {
          field: 'message',
          rule: 'minLength',
          message: 'The message field must have at least 10 characters',
        },
      ],
    });
    expect(refusalReasons(error)).toEqual([
      'Votre taux de conversion (4/10) est inférieur aux 6/10 demandés : il vous manque 2 points.',
    ]);
  });

  it('says when the freelancer already applied, and nothing for other failures', () => {
    expect(
      refusalReasons(
        new ApiError(409, { code: 'E_CONFLICT', message: 'Conflict', reason: 'ALREADY_APPLIED' }),
      ),
    ).toEqual(['Vous avez déjà postulé à cette mission.']);
    expect(
      refusalReasons(new ApiError(403, { code: 'E_FORBIDDEN', message: 'No', reason: 'SELLER_ONLY' })),
    ).toEqual(['Seuls les setters, closers et setters-closers peuvent postuler aux missions.']);
    // A conflict that is not about applying (the mission moved on) is the form's message, not a refusal.
    expect(refusalReasons(new ApiError(409, { code: 'E_CONFLICT', message: 'Conflict' }))).toBeNull();
    expect(
      refusalReasons(
        new ApiError(422, {
          code: 'E_VALIDATION_ERROR',
          message: 'Validation failure',
          errors: [{ field: 'message', rule: 'minLength', message: 'x' }],
        }),
      ),
    ).toBeNull();
    expect(refusalReasons(new ApiError(500, { message: 'Boom' }))).toBeNull();
  });
});
