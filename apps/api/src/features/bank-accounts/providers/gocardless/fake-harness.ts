import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { onTestFinished } from 'vitest';
import { createGoCardlessFake, type GoCardlessFakeOptions } from './fake';
import { answerConsent } from './fake-browser';

/**
 * What the fake's test files share: the fake behind a prefix in a host app, on a server of its
 * own for the test that starts it, and the calls a client makes, seen raw.
 */

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
// A fixed moment, so the generated rows around "today" are the same on every run.
const START = new Date('2026-03-02T10:00:00Z');

export type Json = Record<string, unknown>;

/** The fake behind a prefix in a host app that parses forms its own way. */
export async function startFake(options: GoCardlessFakeOptions = {}) {
  const fake = createGoCardlessFake({ now: START, ...options });
  const app: FastifyInstance = Fastify();
  await app.register(formbody);
  app.post('/host-form', async (request) => ({ body: request.body }));
  await app.register(fake.plugin, { prefix: '/bank' });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  onTestFinished(() => app.close());
  const api = `${origin}/bank/api/v2`;

  const call = async (
    path: string,
    init: RequestInit & { json?: unknown } = {},
    token?: string,
  ) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${api}/${path}`, {
      ...init,
      headers,
      body: init.json === undefined ? init.body : JSON.stringify(init.json),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : null) as Json,
    };
  };
  const tokens = async () =>
    (
      await call('token/new/', {
        method: 'POST',
        json: { secret_id: fake.control.secretId, secret_key: fake.control.secretKey },
      })
    ).body as { access: string; refresh: string };

  /** Links a bank through the consent page; its requisition, agreement and accounts. */
  const link = async (token: string, institutionId: string, agreement: Json = {}) => {
    const made = await call(
      'agreements/enduser/',
      { method: 'POST', json: { institution_id: institutionId, ...agreement } },
      token,
    );
    const requisition = await call(
      'requisitions/',
      {
        method: 'POST',
        json: {
          institution_id: institutionId,
          agreement: made.body.id,
          redirect: 'http://helder.test/back',
          reference: `ref-${Math.random()}`,
          user_language: 'NL',
        },
      },
      token,
    );
    const url = requisition.body.link as string;
    await answerConsent(url, 'allow');
    const linked = await call(`requisitions/${requisition.body.id as string}/`, {}, token);
    return {
      id: linked.body.id as string,
      url,
      accounts: linked.body.accounts as string[],
      agreement: made.body,
    };
  };

  return { fake, app, origin, call, tokens, link };
}
export interface Tx {
  transactionId?: string;
  internalTransactionId?: string;
  bookingDate?: string;
  valueDate?: string;
  transactionAmount: { amount: string };
  remittanceInformationUnstructured?: string;
}
