import { ENTITY_CLASSES } from '@helder/shared/permissions';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18next } from '../../lib/i18n';
import { fakeApi } from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render';

beforeAll(async () => {
  await import('../../app/routes/permission-checker');
});

describe('permission checker', () => {
  it('names the entity classes in the reader’s language and asks the API by its class name', async () => {
    const { requests } = fakeApi({
      'GET /api/auth/entity-access/actions': () => jsonResponse(200, { actions: ['edit'] }),
      'GET /api/auth/entity-access/edit-fields': () => jsonResponse(200, { fields: ['name'] }),
    });
    const { user } = renderApp('/permission-checker');
    const select = await screen.findByRole('combobox', { name: 'Soort object' });
    const options = within(select).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Gebruiker',
      'Sponsor',
      'Regeling',
      'Beschikking',
      'Initiatief',
      'Activiteit',
      'Transactie',
      'Bankrekening',
    ]);
    expect(options.map((option) => option.getAttribute('value'))).toEqual([...ENTITY_CLASSES]);

    await user.selectOptions(select, 'Transactie');
    await user.click(screen.getByRole('button', { name: 'Rechten tonen' }));
    expect(await screen.findByText('edit')).toBeInTheDocument();
    const asked = requests.find((request) => request.url.includes('/entity-access/actions'));
    expect(asked?.url).toContain('entity_class=Payment');

    await i18next.changeLanguage('en');
    expect(await screen.findByRole('option', { name: 'Bank account' })).toBeInTheDocument();
    await i18next.changeLanguage('fy');
    expect(await screen.findByRole('option', { name: 'Transaksje' })).toBeInTheDocument();
  });
});
