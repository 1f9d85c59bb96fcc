import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../services.ts';

export const dashboardRoutes: FastifyPluginAsyncZod<{ services: Services; now: () => Date }> = async () => {};
