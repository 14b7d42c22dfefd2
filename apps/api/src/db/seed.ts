import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env';
import type { Db } from './client';

/** Demo data on the first start (an empty users table); features extend it. */
export async function seedDemo(_input: { db: Db; log: FastifyBaseLogger; config: Config }) {}
