import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { organizationOf } from './route';
import '../shared/styles.css';

const organization = organizationOf(location.pathname);

// the organization's manifest (its name and colours) and the service worker caching the shell
const manifest = document.createElement('link');
manifest.rel = 'manifest';
manifest.href = `/app/${encodeURIComponent(organization)}/manifest.webmanifest`;
document.head.append(manifest);
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('/app/sw.js', { scope: '/app/' }).catch(() => {});
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App organization={organization} />
  </StrictMode>,
);
