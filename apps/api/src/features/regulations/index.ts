import type { FastifyInstance } from 'fastify';

export async function regulationsRoutes(_api: FastifyInstance) {}
