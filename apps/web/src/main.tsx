import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { restoreSession } from './api/client';
import { App } from './app/App';
import { initI18n, onLanguageChange } from './i18n';
import { setDisplayLocale } from './lib/format';

// Spec console §9: a service worker left by an older console is unregistered at start.
if ('serviceWorker' in navigator) {
  void navigator.serviceWorker.getRegistrations().then((regs) => {
    for (const r of regs) void r.unregister();
  });
}

// The id token lives in memory only: a loaded console asks the refresh cookie for its session.
void restoreSession();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
// Numbers, money and dates follow the console's language (Intl in that locale).
onLanguageChange((language) => setDisplayLocale(language));
// The catalogs of the shell (common, errors) load before the first paint; an area's own with its page.
void initI18n().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
