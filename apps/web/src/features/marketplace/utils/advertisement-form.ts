import type {
  Advertisement,
  AdvertisementCreateInput,
  AdvertisementStatus,
  AdvertisementUpdateInput,
} from '@closia/shared';
import { dayjs } from '../../../lib/dayjs';
import { fromLocalInputValue, toLocalInputValue } from './format';

/* The campaign form's values and what the API receives from them. */

export interface AdvertisementFormValues {
  /** `service:12` or `mission:5`. */
  target: string | null;
  title: string;
  text: string;
  image: string;
  targetWorkSectors: string[];
  /** A freelancer kind, or `all`. */
  targetRole: string;
  /** `<input type="datetime-local">` values, in the browser's time zone. */
  startsAt: string;
  endsAt: string;
  status: AdvertisementStatus;
}

/** A new campaign: a draft starting at the next full hour, for 30 days. */
export function defaultAdvertisementValues(): AdvertisementFormValues {
  const start = dayjs().add(1, 'hour').startOf('hour');
  return {
    target: null,
    title: '',
    text: '',
    image: '',
    targetWorkSectors: [],
    targetRole: 'all',
    startsAt: start.format('YYYY-MM-DDTHH:mm'),
    endsAt: start.add(30, 'day').format('YYYY-MM-DDTHH:mm'),
    status: 'draft',
  };
}

export function advertisementFormValues(ad: Advertisement | null): AdvertisementFormValues {
  if (!ad) return defaultAdvertisementValues();
  return {
    target: ad.serviceId ? `service:${ad.serviceId}` : ad.missionId ? `mission:${ad.missionId}` : null,
    title: ad.title,
    text: ad.text,
    image: ad.image ?? '',
    targetWorkSectors: ad.targetWorkSectors.map((sector) => String(sector.id)),
    targetRole: ad.targetRole ?? 'all',
    startsAt: toLocalInputValue(ad.startsAt),
    endsAt: toLocalInputValue(ad.endsAt),
    status: ad.status,
  };
}

/** The promoted item of a `service:12` / `mission:5` value. */
export function parseTarget(target: string | null): { serviceId: number | null; missionId: number | null } {
  const [kind, id] = (target ?? '').split(':');
  const value = Number(id);
  if (!Number.isInteger(value) || value <= 0) return { serviceId: null, missionId: null };
  return { serviceId: kind === 'service' ? value : null, missionId: kind === 'mission' ? value : null };
}

/** A datetime-local value as the API's instant; blank is "missing", an unreadable value is passed on to fail. */
const instant = (value: string) => (value.trim() === '' ? undefined : (fromLocalInputValue(value) ?? value));

export function toAdvertisementInput(values: AdvertisementFormValues): AdvertisementCreateInput {
  return {
    ...parseTarget(values.target),
    title: values.title.trim(),
    text: values.text.trim(),
    image: values.image.trim() || null,
    targetWorkSectors: values.targetWorkSectors.map(Number),
    targetRole:
      values.targetRole === 'all' ? null : (values.targetRole as AdvertisementCreateInput['targetRole']),
    startsAt: instant(values.startsAt) as string,
    endsAt: instant(values.endsAt) as string,
    status: values.status,
  };
}

export function toAdvertisementUpdate(values: AdvertisementFormValues): AdvertisementUpdateInput {
  const { serviceId: _service, missionId: _mission, ...rest } = toAdvertisementInput(values);
  return rest;
}

/** The API names the promoted item `serviceId` / `missionId`; the form has one `target` field. */
export function targetErrors(errors: Record<string, string>): Record<string, string> {
  const { serviceId, missionId, ...rest } = errors;
  const target = serviceId ?? missionId;
  return target
    ? {
        ...rest,
        target: target === 'Ce champ est obligatoire' ? 'Choisissez une offre ou une mission' : target,
      }
    : rest;
}
