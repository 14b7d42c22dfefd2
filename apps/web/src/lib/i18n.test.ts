import { describe, expect, it } from 'vitest';
import { LANGUAGES, NAMESPACES } from './i18n';

const catalogs = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

function catalog(language: string, namespace: string): Record<string, unknown> {
  const found = catalogs[`../locales/${language}/${namespace}.json`];
  if (!found) throw new Error(`missing catalog ${language}/${namespace}`);
  return found;
}

/** Every leaf as `path → value`. */
function leaves(node: unknown, prefix = ''): Map<string, unknown> {
  const result = new Map<string, unknown>();
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) {
      for (const [path, leaf] of leaves(value, prefix ? `${prefix}.${key}` : key)) {
        result.set(path, leaf);
      }
    }
  } else {
    result.set(prefix, node);
  }
  return result;
}

describe('translation catalogs', () => {
  it('exist for every language and namespace, and nothing else', () => {
    const expected = LANGUAGES.flatMap((language) =>
      NAMESPACES.map((namespace) => `../locales/${language}/${namespace}.json`),
    ).sort();
    expect(Object.keys(catalogs).sort()).toEqual(expected);
  });

  describe.each(NAMESPACES)('%s', (namespace) => {
    const nl = leaves(catalog('nl', namespace));

    it.each(LANGUAGES)('%s has exactly the keys of nl', (language) => {
      const keys = [...leaves(catalog(language, namespace)).keys()].sort();
      expect(keys).toEqual([...nl.keys()].sort());
    });

    it.each(LANGUAGES)('%s has only non-empty strings', (language) => {
      for (const [key, value] of leaves(catalog(language, namespace))) {
        expect(typeof value, `${language}/${namespace}:${key}`).toBe('string');
        expect(String(value).trim(), `${language}/${namespace}:${key}`).not.toBe('');
      }
    });

    it.each(LANGUAGES)('%s uses the same {{placeholders}} as nl', (language) => {
      const placeholders = (text: unknown) =>
        [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
      for (const [key, value] of leaves(catalog(language, namespace))) {
        expect(placeholders(value), `${language}/${namespace}:${key}`).toEqual(
          placeholders(nl.get(key)),
        );
      }
    });
  });

  it('keeps the Dutch texts of the spec', () => {
    const common = leaves(catalog('nl', 'common'));
    const auth = leaves(catalog('nl', 'auth'));
    expect(common.get('search.placeholder')).toBe('Zoekopdracht');
    expect(common.get('errors.unexpected')).toBe('Unexpected Application Error!');
    expect(common.get('nav.funds')).toBe('Initiatieven');
    expect(common.get('nav.contacts')).toBe('Gebruikers');
    expect(common.get('nav.transactions')).toBe('Transacties');
    expect(common.get('nav.sponsors')).toBe('Sponsors');
    expect(auth.get('login.submit')).toBe('Login');
    expect(auth.get('login.submitting')).toBe('Inloggen...');
    expect(auth.get('login.forgotPassword')).toBe('Wachtwoord vergeten?');
    expect(auth.get('resetPassword.submit')).toBe('Wachtwoord instellen');
    expect(auth.get('resetPassword.success')).toBe('Wachtwoord succesvol aangemaakt.');
    expect(auth.get('resetPassword.badToken')).toBe(
      'Er is iets mis gegaan. Vraag een nieuwe link aan',
    );
    expect(auth.get('resetPassword.invalidToken')).toBe('Invalid or missing token');
    expect(auth.get('resetPassword.mismatch')).toBe('Wachtwoorden komen niet overeen.');
    expect(auth.get('requestPassword.submit')).toBe('Verstuur link');
    expect(auth.get('requestPassword.submitRecovery')).toBe('Verstuur Link');
    expect(auth.get('requestPassword.sent')).toBe('Er is een link naar je e-mailadres gestuurd.');
    expect(auth.get('requestPassword.followLink')).toBe(
      'Volg de link om je wachtwoord in te stellen.',
    );
  });
});
