import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readOnly } from '../shared/api';
import { App } from './App';
import { inPreview } from './preview';
import { organizationOf } from './route';
import '../shared/styles.css';

const organization = organizationOf(location.pathname);
const preview = inPreview();
// the customizer's preview acts on nothing, is not installed and keeps no shell
if (preview) readOnly();

// the organization's manifest (its name and colours) and the service worker caching the shell
const manifest = document.createElement('link');
manifest.rel = 'manifest';
manifest.href = `/app/${encodeURIComponent(organization)}/manifest.webmanifest`;
if (!preview) document.head.append(manifest);
if (!preview && 'serviceWorker' in navigator) {
  navigator.serviceWorker.register('/app/sw.js', { scope: '/app/' }).catch(() => {});
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App organization={organization} />
  </StrictMode>,
);
