import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const advertisementsRoutes: FastifyPluginAsyncZod = async () => {};
