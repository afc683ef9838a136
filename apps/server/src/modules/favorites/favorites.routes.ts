import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const favoritesRoutes: FastifyPluginAsyncZod = async () => {};
