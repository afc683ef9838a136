import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const freelancersRoutes: FastifyPluginAsyncZod = async () => {};
