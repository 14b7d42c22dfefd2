import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App } from './app/App';
import { PAGE_AREAS } from './app/preloads';
import { createQueryClient } from './app/queryClient';
import { createAppRouter } from './app/router';
import { getSession, loadSession } from './features/auth/shell';
import { prefetchInitiativesList } from './features/initiatives';
import { configureApi } from './lib/api-config';
import { initI18n } from './lib/i18n';

// An expired token is removed before anything renders (docs/spec-map.md §4).
loadSession();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The dev server checks every answer against its contract; a build trusts the server, which
// checks its own answers (docs/decisions/0016), and leaves zod off the first load.
const checked = import.meta.env.DEV
  ? import('./lib/response-check').then(({ checkResponse }) => configureApi({ checkResponse }))
  : Promise.resolve();

// The `common` catalog of the chosen language is loaded before the first render. The router
// starts loading the page's route module (and its catalogs) at once, beside it, rather than
// after it.
const i18n = initI18n();
const router = createAppRouter();
// The overview (the first page of most visits, in this chunk) asks for its data at once too: its
// first paint waits for nothing but this chunk, its catalogs and that answer.
const queryClient = createQueryClient();
const url = new URL(window.location.href);
const areas = PAGE_AREAS.find(({ pattern }) => new RegExp(pattern).test(url.pathname))?.areas;
if (areas?.includes('initiatives.list')) {
  void checked.then(() => prefetchInitiativesList(queryClient, url, getSession() !== null));
}
void Promise.all([i18n, checked]).then(() => {
  createRoot(container).render(<App router={router} queryClient={queryClient} />);
});
