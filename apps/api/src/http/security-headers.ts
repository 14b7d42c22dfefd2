/**
 * The security headers, worked out once at start, in two sets (ADR 0018):
 *
 * - documents (the web app's pages and files, the API docs): helmet's set with the app's
 *   Content-Security-Policy. @fastify/helmet would run helmet's whole set-up, the parsing of the
 *   CSP directives included, on every request; the headers never vary per request here (no CSP
 *   nonces), so one object set on each reply is the same answer for less.
 * - API answers (JSON and stored files under /api): the headers that protect a response no
 *   browser renders as a page, as OWASP's REST Security Cheat Sheet lists them. The document
 *   set would add some 600 bytes and seven headers that only a page can use to every answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export type SecurityHeaders = Readonly<Record<string, string>>;

export function securityHeaders(options: HelmetOptions): SecurityHeaders {
  const headers: Record<string, string> = {};
  const collect = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  // Helmet 8 throws a bad option at once instead of passing it to this callback.
  helmet(options)({} as IncomingMessage, collect as unknown as ServerResponse, () => {});
  return Object.freeze(headers);
}

/** The API's set: nothing may load, frame or sniff an answer, over HTTPS only. */
export function apiSecurityHeaders(documents: SecurityHeaders): SecurityHeaders {
  return Object.freeze({
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': documents['strict-transport-security']!,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  });
}

/** The API's own answers; its docs at /api/docs are pages. */
const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

export interface SecurityHeaderSets {
  documents: SecurityHeaders;
  api: SecurityHeaders;
}

/**
 * The pages a bank's consent window passes through: the sandbox bank's, and the add-bank page it
 * returns to, which hands the outcome to the page that opened the window. A window keeps its
 * opener only while every page and redirect on its way agrees on the opener policy; the bank's
 * own pages send none, so these send none either (`unsafe-none`), and every other page allows
 * its popups an opener (`same-origin-allow-popups`).
 */
const isBankWindowPage = (url: string) =>
  /^\/(sandbox-bank\/|transactions\/bank(connections|accounts)\/add-bank(\?|$))/.test(url);

const withOpener = new WeakMap<SecurityHeaders, SecurityHeaders>();
const openerKept = (documents: SecurityHeaders) => {
  let set = withOpener.get(documents);
  if (!set) {
    set = Object.freeze({ ...documents, 'cross-origin-opener-policy': 'unsafe-none' });
    withOpener.set(documents, set);
  }
  return set;
};

/** The set that fits the answer to `url`. */
export const securityHeadersFor = (sets: SecurityHeaderSets, url: string): SecurityHeaders =>
  isApiAnswer(url) ? sets.api : isBankWindowPage(url) ? openerKept(sets.documents) : sets.documents;

/** Sends the set that fits each answer; a route may still set its own over them. */
export function installSecurityHeaders(app: FastifyInstance, sets: SecurityHeaderSets) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeadersFor(sets, request.url));
    done();
  });
}
