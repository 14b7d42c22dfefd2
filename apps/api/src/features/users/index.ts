import type { FastifyInstance } from 'fastify';

export async function usersRoutes(_api: FastifyInstance) {}
