/**
 * Linking a bank through the open-banking provider (docs/api-rules.md §13): the institution
 * list, the start of a link (initiate) and the provider's redirect back (callback), which ends
 * on the add-bank flow's result step with one outcome.
 */
import { and, eq, isNull } from 'drizzle-orm';
import {
  BANK_ACCESS_DAYS_MAX,
  SANDBOX_INSTITUTION,
  type BankLinkOutcome,
} from '@helder/shared/bank-accounts';
import { bankLinks, users } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError, forbidden, invalid } from '../../../http/errors';
import { ProviderError, type Institution, type PresentUser } from '../providers/provider';
import type { BankService } from './bank-service';
import { endBankLink } from './end-link';
import { keepLinkedAccounts } from './linked-accounts';
import { isSandboxBank } from './sandbox-bank';
import {
  LINK_STATE_SECONDS,
  linkIdOfState,
  newNonce,
  readLinkState,
  signLinkState,
} from './link-state';

/** The country whose banks are offered: the product serves Dutch funders and initiatives. */
const COUNTRY = 'NL';

const unavailable = (detail: string) => new AppError(503, 'SERVICE_UNAVAILABLE', detail);

function requireBank(ctx: Ctx): BankService {
  if (!ctx.bank) throw unavailable('No bank provider is configured');
  return ctx.bank;
}

/** The provider failed: the caller sees 503 and the log says what the provider answered. */
function providerFailure(ctx: Ctx, e: unknown, what: string): never {
  if (!(e instanceof ProviderError)) throw e;
  ctx.log.warn({ kind: e.kind, provider: e.message, ...e.details }, `bank provider: ${what}`);
  throw unavailable('The bank provider could not be reached; try again later');
}

export async function listInstitutions(ctx: Ctx) {
  const bank = requireBank(ctx);
  try {
    const list = await bank.institutions(COUNTRY, ctx.clock());
    return {
      institutions: list.map((i) => ({
        id: i.id,
        name: i.name,
        logo: i.logo,
        max_access_days: Math.min(i.maxAccessDays, BANK_ACCESS_DAYS_MAX),
        max_history_days: i.maxHistoryDays,
      })),
    };
  } catch (e) {
    return providerFailure(ctx, e, 'institutions');
  }
}

/**
 * Where the provider sends the browser back. GoCardless takes any URL per requisition, so it gets
 * the server rules' path with the user in it; Enable Banking only redirects to URLs registered
 * with the application beforehand, so it gets one fixed path (ADR 0025).
 */
const callbackUrl = (ctx: Ctx, provider: string, userId: number) =>
  provider === 'enablebanking'
    ? `${ctx.config.publicUrl}/api/utils/gocardless/callback`
    : `${ctx.config.publicUrl}/api/users/${userId}/gocardless-callback`;

export async function initiateLink(
  ctx: Ctx,
  userId: number,
  query: { institution_id: string; n_days_access: number; n_days_history: number },
  user: PresentUser,
) {
  const actor = requireActor(ctx);
  if (actor.id !== userId) throw forbidden('You may only link a bank for yourself');
  const bank = requireBank(ctx);
  let institution: Institution | undefined;
  try {
    const list = await bank.institutions(COUNTRY, ctx.clock());
    institution = list.find((i) => i.id === query.institution_id);
  } catch (e) {
    providerFailure(ctx, e, 'institutions');
  }
  if (!institution) throw invalid('institution_id', 'unknown_institution', 'Unknown bank');
  const maxAccess = Math.min(institution.maxAccessDays, BANK_ACCESS_DAYS_MAX);
  if (query.n_days_access > maxAccess) {
    throw invalid('n_days_access', 'too_big', `At most ${maxAccess} days for this bank`);
  }
  if (query.n_days_history > institution.maxHistoryDays) {
    throw invalid(
      'n_days_history',
      'too_big',
      `At most ${institution.maxHistoryDays} days for this bank`,
    );
  }
  const now = ctx.clock();
  const nonce = newNonce();
  const [link] = await ctx.db
    .insert(bankLinks)
    .values({
      userId,
      provider: bank.provider.name,
      institutionId: institution.id,
      institutionName: isSandboxBank(institution.id) ? SANDBOX_INSTITUTION : institution.name,
      institutionLogo: institution.logo,
      accessDays: query.n_days_access,
      historyDays: query.n_days_history,
      nonce,
    })
    .returning({ id: bankLinks.id });
  const expires = new Date(now.getTime() + LINK_STATE_SECONDS * 1000);
  const state = signLinkState(ctx.config.secretKey, userId, link!.id, nonce, expires);
  try {
    const started = await bank.provider.startLink({
      institutionId: institution.id,
      accessDays: query.n_days_access,
      historyDays: query.n_days_history,
      redirectUrl: callbackUrl(ctx, bank.provider.name, userId),
      state,
      language: 'nl',
      user,
    });
    await ctx.db
      .update(bankLinks)
      .set({ attemptId: started.attemptId })
      .where(eq(bankLinks.id, link!.id));
    return { url: started.url };
  } catch (e) {
    await ctx.db.update(bankLinks).set({ status: 'failed' }).where(eq(bankLinks.id, link!.id));
    return providerFailure(ctx, e, 'start link');
  }
}

async function starterOf(ctx: Ctx, state: string | null): Promise<number | null> {
  const linkId = linkIdOfState(state);
  if (linkId === null) return null;
  const [row] = await ctx.db
    .select({ userId: bankLinks.userId })
    .from(bankLinks)
    .where(eq(bankLinks.id, linkId));
  return row?.userId ?? null;
}

/** The errors a provider's redirect names when the user stopped at the bank. */
const CANCELLED = new Set(['UserCancelledSession', 'access_denied']);

/**
 * The provider's redirect back: which outcome the add-bank flow shows. Nothing here throws:
 * whatever arrives, the user lands on a result screen, and the log says why.
 */
export async function finishLink(
  ctx: Ctx,
  pathUserId: number | null,
  query: Readonly<Record<string, string | undefined>>,
  user: PresentUser,
): Promise<BankLinkOutcome> {
  if (!ctx.bank) return 'third-party-error';
  const bank = ctx.bank;
  const callback = bank.provider.readCallback(query);
  // On the fixed path the user is the one who started the attempt; the MAC then proves it.
  const userId = pathUserId ?? (await starterOf(ctx, callback.state));
  if (userId === null) return 'jwt-validation-error';
  const state = readLinkState(ctx.config.secretKey, userId, callback.state, ctx.clock());
  if (!state.ok) return state.reason === 'expired' ? 'jwt-token-expired' : 'jwt-validation-error';
  const [owner] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true)));
  if (!owner) return 'user-404';
  // The state is used once: whoever updates the row first goes on, a replay finds it used.
  const [link] = await ctx.db
    .update(bankLinks)
    .set({ stateUsedAt: ctx.clock() })
    .where(
      and(
        eq(bankLinks.id, state.linkId),
        eq(bankLinks.nonce, state.nonce),
        eq(bankLinks.userId, userId),
        isNull(bankLinks.stateUsedAt),
      ),
    )
    .returning();
  if (!link) return 'jwt-validation-error';
  const fail = async (outcome: BankLinkOutcome) => {
    await ctx.db.update(bankLinks).set({ status: 'failed' }).where(eq(bankLinks.id, link.id));
    return outcome;
  };
  if (callback.error !== null) {
    ctx.log.info(
      { error: callback.error, detail: callback.errorDetail, link: link.id },
      'bank link not given at the bank',
    );
    return fail(CANCELLED.has(callback.error) ? 'cancelled' : 'third-party-error');
  }
  if (link.attemptId === null) return fail('requisition-404');
  let finished;
  try {
    finished = await bank.provider.finishLink({
      attemptId: link.attemptId,
      code: callback.code,
      accessDays: link.accessDays,
      user,
    });
  } catch (e) {
    if (!(e instanceof ProviderError)) throw e;
    ctx.log.warn({ kind: e.kind, provider: e.message, link: link.id }, 'bank link not finished');
    return fail(e.kind === 'not_found' ? 'requisition-404' : 'third-party-error');
  }
  const kept = await keepLinkedAccounts(ctx.db, link, finished, ctx.clock());
  if (kept.outcome !== 'success') {
    await bank.provider.deleteLink(finished.linkId).catch((e: unknown) => {
      ctx.log.warn({ err: e, link: link.id }, 'refused bank link not deleted at the provider');
    });
    return fail(kept.outcome);
  }
  // A renewal moved its accounts to the new consent: the old one is ended at the provider.
  for (const old of kept.replacedLinks) await endBankLink(ctx, old);
  for (const accountId of kept.accountIds) {
    await bank.enqueueSync(accountId, user).catch((e: unknown) => {
      ctx.log.warn(
        { err: e, account: accountId },
        'first import not queued; the schedule takes it',
      );
    });
  }
  return 'success';
}
