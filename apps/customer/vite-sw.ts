import type { Plugin } from 'vite';

/**
 * Writes `sw.js`, the Lite App's service worker: it caches the app's shell (`app.html` and the
 * hashed files it loads) on install and answers navigations under `/app/` from the cache when the
 * network fails, so the installed app opens offline. API calls are never cached. The server sends it
 * at `/app/sw.js` (scope `/app/`).
 */
export function shellWorker(): Plugin {
  return {
    name: 'lockerops-shell-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.values(bundle)
        .map((chunk) => chunk.fileName)
        .filter((f) => /^assets\/.*\.(js|css)$/.test(f) && !f.includes('kiosk'))
        .map((f) => `/customer/${f}`);
      const version = files.join('|').length.toString(36) + Date.now().toString(36);
      const source = `const CACHE = 'lockerops-app-${version}';
const SHELL = ${JSON.stringify(['/customer/app.html', ...files])};
self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(SHELL)).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (e) => {
  e.waitUntil(
    caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});
self.addEventListener('fetch', (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== 'GET' || url.origin !== location.origin || url.pathname.startsWith('/api/')) return;
  if (e.request.mode === 'navigate' && url.pathname.startsWith('/app/')) {
    e.respondWith(fetch(e.request).catch(() => caches.match('/customer/app.html')));
    return;
  }
  if (url.pathname.startsWith('/customer/assets/')) {
    e.respondWith(caches.match(e.request).then((hit) => hit || fetch(e.request)));
  }
});
`;
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
