import type { FastifyInstance } from 'fastify';

export async function grantsRoutes(_api: FastifyInstance) {}
