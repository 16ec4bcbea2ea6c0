import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import type { ResourceKey } from 'i18next';
import { afterEach } from 'vitest';
import { i18next, initI18n } from '../i18n';

// Every catalog bundled in, English, and a key no catalog has throws (missing keys fail).
const catalogs = import.meta.glob<ResourceKey>('../locales/*/*.json', { eager: true, import: 'default' });
const resources: Record<string, Record<string, ResourceKey>> = {};
for (const [path, catalog] of Object.entries(catalogs)) {
  const [, language, file] = /locales\/(\w+)\/([\w-]+)\.json$/.exec(path) ?? [];
  if (!language || !file) continue;
  resources[language] = { ...resources[language], [file]: catalog };
}
await initI18n({ language: 'en', resources, strict: true });

// Lazy routes and MUI transitions can take more than the default second on a loaded 2-core machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(async () => {
  cleanup();
  localStorage.clear();
  if (i18next.language !== 'en') await i18next.changeLanguage('en');
});
