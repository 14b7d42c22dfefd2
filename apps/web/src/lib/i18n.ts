/**
 * i18next setup. One namespace per feature plus `common`; catalogs live in
 * `src/locales/<language>/<namespace>.json`. `nl` is the default and the source of the key types;
 * `en` and `fy` (West Frisian) are complete (a test compares the three catalogs).
 *
 * Catalogs are loaded lazily (one small chunk per language and namespace): `common` before the
 * first render (see main.tsx), a feature's namespace beside its route module (`area()` in
 * app/router.tsx, awaited by the router before the route renders). A component that uses a namespace that is not
 * loaded yet suspends (react-i18next), so there is always a Suspense boundary around routes.
 *
 * Adding a namespace: create the three JSON files, add the name to NAMESPACES and to Resources.
 */
import { LANGUAGES, type Language } from '@helder/shared/languages';
import i18next, { type BackendModule, type ReadCallback, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type activities from '../locales/nl/activities.json';
import type audit from '../locales/nl/audit.json';
import type auth from '../locales/nl/auth.json';
import type bankAccounts from '../locales/nl/bank-accounts.json';
import type charts from '../locales/nl/charts.json';
import type common from '../locales/nl/common.json';
import type funders from '../locales/nl/funders.json';
import type grants from '../locales/nl/grants.json';
import type initiativeForms from '../locales/nl/initiative-forms.json';
import type initiatives from '../locales/nl/initiatives.json';
import type media from '../locales/nl/media.json';
import type paymentForms from '../locales/nl/payment-forms.json';
import type payments from '../locales/nl/payments.json';
import type regulations from '../locales/nl/regulations.json';
import type users from '../locales/nl/users.json';

const DEFAULT_LANGUAGE: Language = 'nl';
const LANGUAGE_STORAGE_KEY = 'helder.language';

export const NAMESPACES = [
  'common',
  'auth',
  'initiatives',
  'initiative-forms',
  'activities',
  'media',
  'users',
  'payments',
  'payment-forms',
  'bank-accounts',
  'funders',
  'regulations',
  'grants',
  'audit',
  'charts',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** The nl catalogs define the keys every language must have. */
export interface Resources {
  common: typeof common;
  auth: typeof auth;
  initiatives: typeof initiatives;
  'initiative-forms': typeof initiativeForms;
  activities: typeof activities;
  media: typeof media;
  users: typeof users;
  payments: typeof payments;
  'payment-forms': typeof paymentForms;
  'bank-accounts': typeof bankAccounts;
  funders: typeof funders;
  regulations: typeof regulations;
  grants: typeof grants;
  audit: typeof audit;
  charts: typeof charts;
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function readStoredLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applyLanguage(language: string): void {
  if (!isLanguage(language)) return;
  document.documentElement.lang = language;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage unavailable: the choice lasts as long as the page.
  }
}

type CatalogModule = { default: Record<string, unknown> };
const catalogLoaders = import.meta.glob<CatalogModule>('../locales/*/*.json');

const lazyCatalogs: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = catalogLoaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No catalog ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  },
};

/** Turns `import.meta.glob('…/locales/*\/*.json', { eager: true, import: 'default' })` into resources. */
export function resourcesFromModules(modules: Record<string, unknown>): Resource {
  const resources: Resource = {};
  for (const [path, catalog] of Object.entries(modules)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language = '', namespace = ''] = match;
    resources[language] = {
      ...resources[language],
      [namespace]: catalog as Record<string, string>,
    };
  }
  return resources;
}

interface InitOptions {
  /** Bundled resources (tests); without them catalogs are loaded lazily. */
  resources?: Resource;
  language?: Language;
}

let initialised: Promise<void> | undefined;

export function initI18n({ resources, language }: InitOptions = {}): Promise<void> {
  initialised ??= (async () => {
    const lng = language ?? readStoredLanguage();
    const instance = i18next.use(initReactI18next);
    if (!resources) instance.use(lazyCatalogs);
    instance.on('languageChanged', applyLanguage);
    await instance.init({
      lng,
      // Every language is complete (i18n.test.ts), so a visitor loads the catalogs of theirs only,
      // never the default's beside them.
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      ns: resources ? [...NAMESPACES] : ['common'],
      defaultNS: 'common',
      ...(resources ? { resources } : {}),
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
    applyLanguage(lng);
  })();
  return initialised;
}

export function changeLanguage(language: Language): Promise<unknown> {
  return i18next.changeLanguage(language);
}

/**
 * Loads namespaces for the current language; route modules await this before rendering. Waits
 * for `initI18n`, which the router may overtake on the first page.
 */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  await initialised;
  if (namespaces.length > 0) await i18next.loadNamespaces(namespaces);
}

export { i18next };
