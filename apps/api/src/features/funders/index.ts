import type { FastifyInstance } from 'fastify';

export async function fundersRoutes(_api: FastifyInstance) {}
