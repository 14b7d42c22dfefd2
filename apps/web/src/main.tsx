import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App } from './app/App';
import { loadSession } from './features/auth/shell';
import { initI18n } from './lib/i18n';

// An expired token is removed before anything renders (docs/spec-map.md §4).
loadSession();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The `common` catalog of the chosen language is loaded before the first render.
void initI18n().then(() => {
  createRoot(container).render(<App />);
});
