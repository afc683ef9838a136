import { api } from '../../../lib/api-client';

/**
 * `POST /advertisements/{id}/click` → 204: counts a click on a sponsored card. Fire and forget: a
 * lost click must never stop the user from opening the card.
 */
export function clickAdvertisement(id: number): void {
  api.post<void>(`/advertisements/${id}/click`).catch((error: unknown) => {
    console.warn('Advertisement click not counted', error);
  });
}
