import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const missionsRoutes: FastifyPluginAsyncZod = async () => {};
