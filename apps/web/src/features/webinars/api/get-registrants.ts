import type { Paginated, WebinarRegistrant } from '@closia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '../../../lib/api-client';
import { webinarKeys } from './webinar-keys';

export const REGISTRANTS_PER_PAGE = 50;

/** `GET /webinars/{id}/registrations?page=&perPage=` (owner or admin) → one page of registrants. */
export function getRegistrants(id: number, page: number) {
  return api.get<Paginated<WebinarRegistrant>>(`/webinars/${id}/registrations`, {
    query: { page, perPage: REGISTRANTS_PER_PAGE },
  });
}

export function getRegistrantsQueryOptions(id: number, page: number) {
  return queryOptions({
    queryKey: webinarKeys.registrants(id, page),
    queryFn: () => getRegistrants(id, page),
    placeholderData: keepPreviousData,
  });
}

export function useRegistrants(id: number, page: number, enabled: boolean) {
  return useQuery({ ...getRegistrantsQueryOptions(id, page), enabled: enabled && id > 0 });
}

/** The CSV of every registrant (a download link: the browser sends the session cookie). */
export const registrantsCsvUrl = (id: number) => `${API_BASE}/webinars/${id}/registrations?format=csv`;

/** The `.ics` of the webinar, for any calendar application. */
export const calendarIcsUrl = (id: number) => `${API_BASE}/webinars/${id}/calendar.ics`;
