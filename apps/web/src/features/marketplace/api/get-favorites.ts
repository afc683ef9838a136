import type { Favorite, FavoriteKind, Paginated } from '@closia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys } from './marketplace-keys';

export const FAVORITES_PER_PAGE = 12;

/** `GET /favorites?kind&page&perPage` → what the caller starred, newest first, with each item (null when gone). */
export function getFavorites(kind: FavoriteKind, page = 1) {
  return api.get<Paginated<Favorite>>('/favorites', { query: { kind, page, perPage: FAVORITES_PER_PAGE } });
}

export function getFavoritesQueryOptions(kind: FavoriteKind, page = 1) {
  return queryOptions({
    queryKey: marketplaceKeys.favoriteList(kind, page),
    queryFn: () => getFavorites(kind, page),
    placeholderData: keepPreviousData,
  });
}

export function useFavorites(kind: FavoriteKind, page = 1) {
  return useQuery(getFavoritesQueryOptions(kind, page));
}
