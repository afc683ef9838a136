import type {
  Certification,
  FinancingMethod,
  LocationType,
  Service,
  ServiceCreateInput,
  ServiceUpdateInput,
} from '@closia/shared';

/* The offer form's values and what the API receives from them. */

export interface ServiceFormValues {
  name: string;
  description: string;
  price: number | string;
  commissionRate: number | string;
  financingMethods: FinancingMethod[];
  link: string;
  duration: number | string;
  locationType: LocationType;
  location: string;
  certifications: Certification[];
  workSectors: string[];
  requestValidation: boolean;
}

export const emptyServiceValues: ServiceFormValues = {
  name: '',
  description: '',
  price: '',
  commissionRate: '',
  financingMethods: [],
  link: '',
  duration: '',
  locationType: 'online',
  location: '',
  certifications: [],
  workSectors: [],
  requestValidation: true,
};

export function serviceFormValues(service: Service | null): ServiceFormValues {
  if (!service) return emptyServiceValues;
  return {
    name: service.name,
    description: service.description,
    price: service.price,
    commissionRate: service.commissionRate,
    financingMethods: service.financingMethods,
    link: service.link,
    duration: service.duration,
    locationType: service.locationType,
    location: service.location ?? '',
    certifications: service.certifications,
    workSectors: service.workSectors.map((sector) => String(sector.id)),
    requestValidation: false,
  };
}

/** A NumberInput's value as a number, or undefined when blank. */
export const numberOrUndefined = (value: number | string) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** What the API receives: numbers as numbers, the place only when the training is not online only. */
export function toServiceInput(values: ServiceFormValues): ServiceCreateInput {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    price: numberOrUndefined(values.price) as number,
    commissionRate: numberOrUndefined(values.commissionRate) as number,
    financingMethods: values.financingMethods,
    link: values.link.trim(),
    duration: numberOrUndefined(values.duration) as number,
    locationType: values.locationType,
    location: values.locationType === 'online' ? null : values.location.trim() || null,
    certifications: values.certifications,
    workSectors: values.workSectors.map(Number),
    requestValidation: values.requestValidation,
  };
}

/** The fields of `next` that differ from `previous` (an edit sends only what changed). */
export function changedFields(previous: ServiceCreateInput, next: ServiceCreateInput): ServiceUpdateInput {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof ServiceCreateInput)[]) {
    if (key === 'requestValidation') continue;
    if (JSON.stringify(previous[key]) !== JSON.stringify(next[key])) changes[key] = next[key];
  }
  // The place goes with its type (the API checks them together).
  if ('locationType' in changes || 'location' in changes) {
    changes.locationType = next.locationType;
    changes.location = next.location;
  }
  return changes as ServiceUpdateInput;
}
