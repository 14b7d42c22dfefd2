/**
 * The language of the catalogs: en and fy say everything in their own language. A text that is
 * still the Dutch (or, in fy, the English) one is a text nobody translated. Only sentences are
 * judged: a single word is often the same in two languages (Media, Filter, Datum, Doel). The keys
 * themselves are compared in i18n.test.ts.
 */
import { LANGUAGES } from '@helder/shared/languages';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './i18n';

const catalogs = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

function leaves(node: unknown, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      for (const [path, leaf] of leaves(value, prefix ? `${prefix}.${key}` : key)) {
        result.set(path, leaf);
      }
    }
  } else {
    result.set(prefix, String(node));
  }
  return result;
}

const texts = (language: string, namespace: string) =>
  leaves(catalogs[`../locales/${language}/${namespace}.json`]);

/** Names, abbreviations and the spec's English in nl, the same in every language. */
const SAME_IN_EVERY_LANGUAGE = new Set(['Invalid or missing token']);

/** Two or more words (of two letters or more) once the {{placeholders}} are left out. */
function isSentence(text: string): boolean {
  const words = text
    .replace(/{{\s*\w+\s*}}/g, ' ')
    .split(/\s+/)
    .filter((word) => word.replace(/[^\p{L}]/gu, '').length > 1);
  return words.length >= 2;
}

/** Each pair `[language, key, text, source]` where the language kept the source's sentence. */
function untranslated(language: 'en' | 'fy', source: 'nl' | 'en') {
  const found: string[] = [];
  for (const namespace of NAMESPACES) {
    const theirs = texts(source, namespace);
    for (const [key, text] of texts(language, namespace)) {
      const original = theirs.get(key);
      if (
        text === original &&
        isSentence(text) &&
        !SAME_IN_EVERY_LANGUAGE.has(text.replace(/[.!?]$/, ''))
      ) {
        found.push(`${language}/${namespace}:${key} = ${source}: ${JSON.stringify(text)}`);
      }
    }
  }
  return found;
}

describe('catalog language', () => {
  it('tells a sentence from a word, a name or a pattern', () => {
    expect(isSentence('Load More')).toBe(true);
    expect(isSentence('Saldo klopt')).toBe(true);
    expect(isSentence('Gedeeld met {{n}} personen')).toBe(true);
    expect(isSentence('Kolom {{n}}: {{name}}')).toBe(false);
    expect(isSentence('Komma (12,34)')).toBe(false);
    expect(isSentence('{{length}} / {{max}}')).toBe(false);
    expect(isSentence('dd-mm-jjjj')).toBe(false);
  });

  it('has no Dutch sentence left in en or fy', () => {
    expect([...untranslated('en', 'nl'), ...untranslated('fy', 'nl')]).toEqual([]);
  });

  it('has no English sentence left in fy', () => {
    expect(untranslated('fy', 'en')).toEqual([]);
  });

  it("translates the spec's English and oddly capitalised Dutch texts properly", () => {
    const text = (language: string, namespace: string, key: string) =>
      texts(language, namespace).get(key);
    expect(text('en', 'payments', 'table.loadMore')).toBe('Load more');
    expect(text('en', 'payments', 'overview.loadMore')).toBe('Load more');
    expect(text('fy', 'payments', 'table.loadMore')).toBe('Mear lade');
    expect(text('en', 'auth', 'login.submit')).toBe('Log in');
    expect(text('fy', 'auth', 'resetPassword.invalidToken')).toBe('Ûnjildich of ûntbrekkend token');
    expect(text('en', 'bank-accounts', 'remove.title')).toBe('Delete bank account');
    expect(text('en', 'regulations', 'modals.editRegulation')).toBe('Edit regulation');
    expect(text('fy', 'regulations', 'modals.editRegulation')).toBe('Regeling bewurkje');
    expect(text('en', 'common', 'errors.unexpected')).toBe('Unexpected application error!');
    expect(text('fy', 'common', 'nav.funders')).toBe('Sponsors');
    expect(text('fy', 'regulations', 'breadcrumbs.funders')).toBe('Sponsors');
  });

  it('has every key of nl in en and fy', () => {
    for (const namespace of NAMESPACES) {
      const keys = [...texts('nl', namespace).keys()];
      for (const language of LANGUAGES) {
        const theirs = texts(language, namespace);
        expect(
          keys.filter((key) => !theirs.has(key)),
          `${language}/${namespace}`,
        ).toEqual([]);
      }
    }
  });
});

/**
 * docs/glossary.md: one word per role in each language. Each key below names that role, singular
 * or plural, in every language.
 */
const GLOSSARY = {
  grantOfficer: { nl: 'subsidiemedewerker', en: 'grant officer', fy: 'subsydzjemeiwurker' },
  policyOfficer: { nl: 'beleidsmedewerker', en: 'policy officer', fy: 'beliedsmeiwurker' },
  overseer: { nl: 'penvoerder', en: 'overseer', fy: 'penfierder' },
  initiativeOwner: { nl: 'initiatiefnemer', en: 'initiative owner', fy: 'inisjatyfnimmer' },
  activityOwner: { nl: 'activiteitnemer', en: 'activity owner', fy: 'aktiviteitnimmer' },
} as const;
type Role = keyof typeof GLOSSARY;

const ROLE_TEXTS: [Role, string, string][] = [
  ['grantOfficer', 'regulations', 'officers.grantOfficers'],
  ['grantOfficer', 'regulations', 'officers.noGrantOfficers'],
  ['grantOfficer', 'regulations', 'modals.addEmployee'],
  ['policyOfficer', 'regulations', 'officers.policyOfficers'],
  ['policyOfficer', 'regulations', 'officers.noPolicyOfficers'],
  ['policyOfficer', 'regulations', 'modals.addOfficer'],
  ['overseer', 'grants', 'row.overseers'],
  ['overseer', 'grants', 'modals.overseers'],
  ['overseer', 'grants', 'overseers.intro'],
  ['overseer', 'grants', 'overseers.none'],
  ['overseer', 'grants', 'overseers.required'],
  ['overseer', 'grants', 'overseers.saveFailed'],
  ['initiativeOwner', 'initiatives', 'owners.empty'],
  ['initiativeOwner', 'initiatives', 'owners.add'],
  ['initiativeOwner', 'initiatives', 'owners.title'],
  ['initiativeOwner', 'initiatives', 'owners.listLabel'],
  ['activityOwner', 'activities', 'owners.empty'],
  ['activityOwner', 'activities', 'owners.add'],
  ['activityOwner', 'activities', 'owners.title'],
  ['activityOwner', 'activities', 'owners.listLabel'],
];

describe('role glossary', () => {
  it.each(LANGUAGES)('%s names each role by its glossary word', (language) => {
    for (const [role, namespace, key] of ROLE_TEXTS) {
      const text = texts(language, namespace).get(key)?.toLowerCase() ?? '';
      expect(text, `${language}/${namespace}:${key}`).toContain(GLOSSARY[role][language]);
      for (const [other, words] of Object.entries(GLOSSARY)) {
        if (other !== role) {
          expect(text, `${language}/${namespace}:${key}`).not.toContain(words[language]);
        }
      }
    }
  });

  it.each(LANGUAGES)('%s uses no other word for a role anywhere', (language) => {
    // Words other helpers of the same role might reach for; none of them is ours.
    const stray = {
      nl: ['toezichthouder', 'aanvrager van het initiatief'],
      en: ['supervisor', 'initiator', 'grant manager', 'policy maker', 'applicant owner'],
      fy: ['subsidiemeiwurker', 'beleidsmeiwurker', 'penfoerder'],
    }[language];
    for (const namespace of NAMESPACES) {
      for (const [key, text] of texts(language, namespace)) {
        for (const word of stray) {
          expect(text.toLowerCase(), `${language}/${namespace}:${key}`).not.toContain(word);
        }
      }
    }
  });
});
