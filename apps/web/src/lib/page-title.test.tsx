import { act, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render';
import { usePageTitle } from './page-title';

function Titled({ parts, nested = false }: { parts: Array<string | undefined>; nested?: boolean }) {
  usePageTitle(...parts);
  return nested ? <Outlet /> : null;
}

// A list with its chosen item inside it, as the activities screen and the contacts are.
const routes = [
  {
    path: '/things',
    element: <Titled parts={['Dingen']} nested />,
    children: [
      { index: true, element: null },
      { path: ':id', element: <Titled parts={['Ding 4', 'Dingen']} /> },
    ],
  },
  { path: '/loading', element: <Titled parts={[undefined, 'Dingen']} /> },
];

describe('usePageTitle', () => {
  it('names the deepest page shown, ending in the product name', async () => {
    const { router } = renderApp('/things/4', { routes });
    await waitFor(() => expect(document.title).toBe('Ding 4 · Dingen · Helder'));

    await act(() => router.navigate('/things'));
    expect(document.title).toBe('Dingen · Helder');

    await act(() => router.navigate('/things/4'));
    expect(document.title).toBe('Ding 4 · Dingen · Helder');
  });

  it('leaves out what is still loading', async () => {
    renderApp('/loading', { routes });
    await waitFor(() => expect(document.title).toBe('Dingen · Helder'));
  });
});
