import { enumField, favoriteKinds, favoriteListQuerySchema, favoriteResponse, idParam } from '@closia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginationMetaResponse } from '../../lib/pagination';
import { viewerOf } from '../../lib/viewer';
import { requireUser } from '../../plugins/session';
import { addFavorite, listFavorites, removeFavorite } from './favorites.service';

const tags = ['favorites'];
const target = z.object({ kind: enumField(favoriteKinds), id: idParam() });

/** Stars on freelancers, missions and offers. */
export const favoritesRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewer = (request: Parameters<typeof requireUser>[0]) => {
    requireUser(request);
    return viewerOf(request.session)!;
  };

  app.get(
    '/favorites',
    {
      schema: {
        tags,
        summary: 'My favorites, newest first, each with the item (null once no longer visible)',
        querystring: favoriteListQuerySchema,
        response: { 200: z.object({ data: z.array(favoriteResponse), meta: paginationMetaResponse }) },
      },
    },
    async (request) => listFavorites(app.db, viewer(request), request.query),
  );

  app.put(
    '/favorites/:kind/:id',
    { schema: { tags, summary: 'Star a freelancer, mission or offer (idempotent)', params: target } },
    async (request, reply) => {
      await addFavorite(app.db, viewer(request), request.params.kind, request.params.id);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/favorites/:kind/:id',
    { schema: { tags, summary: 'Unstar (idempotent)', params: target } },
    async (request, reply) => {
      await removeFavorite(app.db, viewer(request), request.params.kind, request.params.id);
      return reply.code(204).send();
    },
  );
};
