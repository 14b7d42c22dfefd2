import { STATEMENT_ERRORS } from '@helder/shared/bank-accounts/client';
import { LANGUAGES } from '@helder/shared/languages';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './i18n';

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
    expect(common.get('nav.initiatives')).toBe('Initiatieven');
    expect(common.get('nav.users')).toBe('Gebruikers');
    expect(common.get('nav.payments')).toBe('Transacties');
    expect(common.get('nav.funders')).toBe('Sponsors');
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

    const users = leaves(catalog('nl', 'users'));
    expect(users.get('empty')).toBe('Geen gegevens gevonden');
    expect(users.get('labels.hidden')).toBe('Verborgen');
    expect(users.get('labels.inactive')).toBe('Inactief');
    expect(users.get('roles.administrator')).toBe('Beheerder');
    expect(users.get('roles.financial')).toBe('Financieel');
    expect(users.get('roles.user')).toBe('Gebruiker');
    expect(users.get('roles.superuser')).toBe('Super beheerder');
    expect(users.get('detail.editProfile')).toBe('Profiel');
    expect(users.get('detail.editSettings')).toBe('Instellingen');
    expect(users.get('detail.delete')).toBe('Verwijderen');
    expect(users.get('deleteUser.submit')).toBe('Verwijderen');
    expect(users.get('deleteUser.cancel')).toBe('Annuleren');
    expect(users.get('addUser.emailRequired')).toBe('Voer een e-mailadres in.');
    expect(users.get('addUser.emailInvalid')).toBe('Voer een geldig e-mailadres in.');
    expect(users.get('addUser.AlreadyExist')).toBe('Gebruiker reeds bekend');
    expect(users.get('addUser.failed')).toBe(
      'Er is een fout opgetreden bij het aanmaken van de gebruiker.',
    );
    expect(users.get('editSettings.emailRequired')).toBe('Vul een e-mailadres in');
    expect(users.get('editSettings.emailInvalid')).toBe('Vul een geldig e-mailadres in');
    expect(users.get('changePassword.mismatch')).toBe('Wachtwoorden komt niet overeen');
    expect(users.get('editProfile.biographyTooLong')).toBe(
      'Biografie mag maximaal 500 tekens bevatten.',
    );
    expect(users.get('editProfile.biographyCounter')).toBe('{{length}}/{{max}}');
    const usersEn = leaves(catalog('en', 'users'));
    expect(usersEn.get('addUser.SelectRole')).toBe('Choose a role to proceed.');
    expect(usersEn.get('addUser.AlreadyExist')).toBe('User is already known.');
    expect(usersEn.get('changePassword.failed')).toBe(
      'Failed to change password. Please try again.',
    );
  });

  it('keeps the Dutch sponsor, regulation and grant texts of the spec', () => {
    const funders = leaves(catalog('nl', 'funders'));
    const regulations = leaves(catalog('nl', 'regulations'));
    const grants = leaves(catalog('nl', 'grants'));
    expect(funders.get('empty')).toBe('Geen sponsors gevonden');
    expect(funders.get('validation.nameRequired')).toBe('Vul een naam in.');
    expect(funders.get('validation.urlRequired')).toBe('Vul een URL in.');
    expect(funders.get('validation.urlInvalid')).toBe('Vul een geldige URL in.');
    // The spec's spelling ('Controlleer').
    expect(funders.get('errors.createFailed')).toBe(
      'Het maken van de sponsor is mislukt. Controlleer of de naam al in gebruik is.',
    );
    expect(regulations.get('empty')).toBe('Geen regelingen gevonden');
    expect(regulations.get('breadcrumbs.funders')).toBe('Sponsoren');
    expect(regulations.get('breadcrumbs.regulations')).toBe('Regelingen');
    expect(regulations.get('officers.grantOfficers')).toBe('Subsidiemedewerkers');
    expect(regulations.get('officers.policyOfficers')).toBe('Beleidsmedewerkers');
    expect(regulations.get('detail.employees')).toBe('Medewerkers');
    expect(regulations.get('modals.editRegulation')).toBe('Regeling Bewerken');
    expect(regulations.get('fields.name')).toBe('Naam');
    expect(regulations.get('fields.description')).toBe('Beschrijving');
    expect(regulations.get('actions.cancel')).toBe('Annuleren');
    expect(regulations.get('actions.update')).toBe('Bijwerken');
    expect(regulations.get('validation.nameRequired')).toBe('Vul een naam in.');
    expect(regulations.get('validation.nameTooLong')).toBe(
      'Naam mag niet meer dan 128 karakters bevatten.',
    );
    expect(regulations.get('validation.descriptionRequired')).toBe('Vul een beschrijving in.');
    expect(regulations.get('validation.descriptionTooLong')).toBe(
      'Beschrijving mag maximaal 512 tekens bevatten.',
    );
    expect(regulations.get('errors.nameTaken')).toBe('Naam is al in gebruik.');
    expect(regulations.get('errors.nameTakenEdit')).toBe('Naam is al in gebruik');
    expect(leaves(catalog('en', 'regulations')).get('errors.deleteFailed')).toBe(
      'Failed to delete regulation',
    );
    expect(grants.get('modals.addGrant')).toBe('Beschikking aanmaken');
    expect(grants.get('modals.overseers')).toBe('Penvoerders');
    expect(grants.get('row.overseers')).toBe('Penvoerders');
    expect(grants.get('row.initiatives')).toBe('Initiatief ({{n}})');
    expect(grants.get('fields.reference')).toBe('Referentie');
    expect(grants.get('fields.name')).toBe('Naam');
    expect(grants.get('fields.budget')).toBe('Begroting');
    expect(grants.get('actions.cancel')).toBe('Annuleren');
    expect(grants.get('actions.save')).toBe('Opslaan');
    expect(grants.get('validation.nameRequired')).toBe('Vul een naam in.');
    expect(grants.get('validation.referenceRequired')).toBe('Vul een referentie in.');
    expect(grants.get('validation.budgetRequired')).toBe('Vul een begroting in.');
    expect(grants.get('validation.budgetNegative')).toBe('Begroting mag niet negatief zijn.');
    expect(grants.get('validation.budgetTooHigh')).toBe(
      'Het bedrag is te hoog, vul een lager bedrag in.',
    );
    expect(grants.get('errors.create.nameTaken')).toBe(
      'Naam is reeds in gebruik. Kies een andere naam.',
    );
    expect(grants.get('errors.create.referenceTaken')).toBe(
      'Het maken van de beschikking is mislukt. Controleer of de referentie al in gebruik is.',
    );
    expect(grants.get('errors.edit.referenceTaken')).toBe(
      'Referentie is al in gebruik. Kies een andere referentie.',
    );
    expect(grants.get('errors.edit.nameTaken')).toBe(
      'Naam is al in gebruik. Gebruik een andere naam.',
    );
  });

  it('keeps the Dutch initiative, activity and media texts of the spec', () => {
    const initiatives = leaves(catalog('nl', 'initiatives'));
    const initiativeForms = leaves(catalog('nl', 'initiative-forms'));
    const activities = leaves(catalog('nl', 'activities'));
    const media = leaves(catalog('nl', 'media'));
    const payments = leaves(catalog('nl', 'payments'));
    const paymentForms = leaves(catalog('nl', 'payment-forms'));
    const expected: [Map<string, unknown>, string, string][] = [
      [initiatives, 'empty', 'Geen gegevens gevonden'],
      [initiatives, 'list.all', 'Alle Initiatieven'],
      [initiatives, 'list.mine', 'Mijn Initiatieven'],
      [initiatives, 'labels.hidden', 'Verborgen'],
      [initiatives, 'detail.readMore', 'Lees meer'],
      [initiatives, 'detail.readLess', 'Lees minder'],
      [initiatives, 'budget.allocated', 'Toegekend budget'],
      [initiatives, 'budget.received', 'Waarvan ontvangen'],
      [initiatives, 'budget.spent', 'Besteed'],
      [initiatives, 'budget.available', 'Beschikbaar budget'],
      [initiatives, 'budget.allocatedShort', 'Toegekend'],
      [initiatives, 'budget.availableShort', 'Beschikbaar'],
      [initiatives, 'detail.edit', 'Beheer initiatief'],
      [initiatives, 'tabs.payments', 'Transactieoverzicht'],
      [initiatives, 'tabs.activities', 'Activiteiten'],
      [initiatives, 'tabs.details', 'Details'],
      [initiatives, 'tabs.funders', 'Sponsoren'],
      [initiatives, 'tabs.media', 'Media'],
      [initiatives, 'tabs.owners', 'Gebruikers'],
      [initiatives, 'details.name', 'Naam'],
      [initiatives, 'details.description', 'Beschrijving'],
      [initiatives, 'details.purpose', 'Doel'],
      [initiatives, 'details.targetAudience', 'Doelgroep'],
      [initiatives, 'details.kvk', 'Kamer van Koophandel'],
      [initiatives, 'details.location', 'Locatie-inflatie'],
      [initiatives, 'details.unknown', 'Geen gegevens bekend'],
      [initiatives, 'funders.accounted', 'Verantwoord'],
      [initiatives, 'funders.no', 'Nee'],
      [initiatives, 'owners.empty', 'Geen initiatiefnemers gevonden'],
      [initiatives, 'owners.cancel', 'Annuleren'],
      [initiatives, 'owners.save', 'Opslaan'],
      [initiatives, 'activities.empty', 'Geen activiteiten gevonden'],
      [initiativeForms, 'form.validation.nameRequired', 'Vul een naam in'],
      [initiativeForms, 'form.validation.nameEmpty', 'Naam mag niet leeg zijn'],
      [initiativeForms, 'form.validation.nameTooLong', 'Naam mag maximaal 64 tekens bevatten'],
      [initiativeForms, 'form.validation.descriptionRequired', 'Vul een beschrijving in'],
      [
        initiativeForms,
        'form.validation.descriptionTooLongCreate',
        'Beschrijving mag maximaal 200 tekens bevatten',
      ],
      [initiativeForms, 'form.validation.purposeRequired', 'Vul een doel in'],
      [initiativeForms, 'form.validation.targetAudienceRequired', 'Vul een doelgroep in'],
      [initiativeForms, 'form.validation.budgetInvalid', 'Vul een geldig begrotingsbedrag in'],
      [initiativeForms, 'form.validation.budgetRequired', 'Vul een begroting in.'],
      [initiativeForms, 'form.validation.budgetNegative', 'Begroting mag niet negatief zijn.'],
      [
        initiativeForms,
        'form.validation.budgetTooHigh',
        'Het bedrag is te hoog, vul een lager bedrag in.',
      ],
      [initiativeForms, 'form.errors.nameTaken', 'Naam is al in gebruik'],
      [activities, 'empty', 'Geen activiteiten gevonden'],
      [activities, 'detail.edit', 'Beheer activiteit'],
      [activities, 'detail.delete', 'Verwijder activiteit'],
      [activities, 'owners.empty', 'Geen activiteitnemers gevonden'],
      [activities, 'owners.add', 'Activiteitnemer toevoegen'],
      [activities, 'owners.title', 'Activiteitnemers toevoegen'],
      [activities, 'delete.title', 'Activiteit verwijderen'],
      [activities, 'delete.confirm', 'Weet je zeker dat je de activiteit wil verwijderen?'],
      [activities, 'delete.cancel', 'Annuleren'],
      [activities, 'delete.submit', 'Verwijderen'],
      [media, 'empty', 'Geen media gevonden'],
      [payments, 'empty', 'Geen transacties gevonden'],
      [payments, 'table.date', 'DATUM'],
      [payments, 'table.description', 'BESCHRIJVING'],
      [payments, 'table.creditor', 'ONTVANGER'],
      [payments, 'table.debtor', 'VERZENDER'],
      [payments, 'table.media', 'MEDIA'],
      [payments, 'table.amount', 'BEDRAG'],
      [payments, 'table.add', 'Transactie toevoegen'],
      [payments, 'table.filter', 'Filter'],
      [payments, 'table.loadMore', 'Load More'],
      [
        paymentForms,
        'form.validation.amountInvalid',
        'Ongeldige invoer. Vul een correct bedrag in',
      ],
      [
        paymentForms,
        'form.validation.shortTooLong',
        'Korte beschrijving mag niet meer dan 128 tekens bevatten.',
      ],
    ];
    for (const [catalogLeaves, key, text] of expected)
      expect(catalogLeaves.get(key), key).toBe(text);

    // The spec's English messages, as the English catalog shows them.
    const en = new Map([
      ...leaves(catalog('en', 'initiatives')),
      ...leaves(catalog('en', 'initiative-forms')),
    ]);
    expect(en.get('form.errors.nameTakenManage')).toBe('Name is already in use');
    expect(en.get('form.errors.activityNameTaken')).toBe('Name already in use');
    expect(en.get('form.errors.initiativeNotFound')).toBe('Initiative not found');
    expect(en.get('form.errors.validation')).toBe('Validation Error');
    expect(en.get('form.errors.editInitiativeFailed')).toBe('Failed to edit fund');
    expect(en.get('form.errors.editActivityFailed')).toBe('Failed to edit activity');
    expect(en.get('form.errors.pictureFailed')).toBe('Failed to upload fund picture');
    expect(en.get('detail.loadFailed')).toBe('Failed to fetch fund details');
    expect(en.get('delete.failed')).toBe('Failed to delete fund');
    expect(leaves(catalog('en', 'activities')).get('delete.failed')).toBe(
      'Failed to delete activity',
    );
    expect(leaves(catalog('en', 'payment-forms')).get('form.errors.createFailed')).toBe(
      'Failed to create payment',
    );
    expect(leaves(catalog('en', 'media')).get('failed')).toBe(
      'Failed to fetch media. Please try again later.',
    );
  });

  it('keeps the Dutch Banks tab texts of the spec, and a text for every statement error', () => {
    const banks = leaves(catalog('nl', 'bank-accounts'));
    const expected: [string, string][] = [
      ['tab.owned', 'Jouw gekoppelde rekeningnummers'],
      ['tab.shared', 'Met jou gedeelde rekeningnummers'],
      ['tab.emptyOwned', 'Geen bankkoppelingen gevonden...'],
      ['tab.emptyShared', 'Geen gedeelde bankrekeningnummers gevonden...'],
      ['tab.add', 'Bankrekening toevoegen'],
      ['account.expires', 'Vervalt op {{date}}'],
      ['account.sharedNone', 'Niet gedeeld met personen'],
      ['account.sharedOne', 'Gedeeld met 1 persoon'],
      ['account.sharedMany', 'Gedeeld met {{n}} personen'],
      ['account.renew', 'Vernieuw nu'],
      ['account.invite', 'Personen uitnodigen'],
      ['account.remove', 'Verwijderen'],
      ['invite.title', 'Toegang beheren'],
      ['invite.heading', 'Geef toegang tot "{{institution}}" bankrekening'],
      ['invite.remove', 'Verwijderen'],
      ['invite.next', 'Volgende'],
      ['invite.success', 'Toegang succesvol bijgewerkt.'],
      ['invite.back', 'Terug naar het overzicht'],
      ['remove.title', 'Bank account verwijderen'],
      ['remove.cancel', 'Annuleren'],
      ['remove.submit', 'Verwijderen'],
      ['result.back', 'Terug naar het overzicht'],
    ];
    for (const [key, text] of expected) expect(banks.get(key), key).toBe(text);
    for (const code of STATEMENT_ERRORS) {
      for (const language of LANGUAGES) {
        const text = leaves(catalog(language, 'bank-accounts')).get(`add.errors.${code}`);
        expect(text, `${language}: ${code}`).toBeTruthy();
      }
    }
  });
});
