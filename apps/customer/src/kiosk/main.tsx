import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initialLanguage, translator } from '../shared/i18n';
import '../shared/styles.css';

/** The kiosk's screen at `/kiosk`: a placeholder until the kiosk's own screens land here. */
function Kiosk() {
  const t = translator(initialLanguage());
  return (
    <main>
      <h1>{t('kiosk.title')}</h1>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Kiosk />
  </StrictMode>,
);
