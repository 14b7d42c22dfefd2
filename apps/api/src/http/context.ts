import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '@helder/shared/permissions';
import type { Config } from '../config/env';
import type { Executor } from '../db/client';
import type { BankService } from '../features/bank-accounts/links/bank-service';
import type { Mailer } from '../lib/mail';
import type { Storage } from '../lib/storage';
import { unauthenticated } from './errors';

/** What every service function receives: `(ctx, input)`. */
export interface Ctx {
  db: Executor;
  actor: Actor | null;
  log: FastifyBaseLogger;
  clock: () => Date;
  storage: Storage;
  mail: Mailer;
  config: Config;
  /** The open-banking provider and the sync queue; null where none is configured (most tests). */
  bank: BankService | null;
  /** The origin signed file URLs are built on for this request (lib/file-urls.ts). */
  fileBase: string;
}

/** The actor, or 401: for services behind routes that need login. */
export function requireActor(ctx: Ctx): Actor {
  if (!ctx.actor) throw unauthenticated();
  return ctx.actor;
}
