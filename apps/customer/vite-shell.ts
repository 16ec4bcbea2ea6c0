import type { Plugin } from 'vite';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from './src/shared/i18n';
import { de } from './src/shared/locales/de';
import { en, type MessageKey } from './src/shared/locales/en';
import { es } from './src/shared/locales/es';

const CATALOGS: Record<Language, Record<MessageKey, string>> = { en, es, de };

/** Text for HTML: `&`, `<`, `>` and `"` escaped. */
const html = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A plain catalog message (no argument) as the screen shows it: ICU's doubled quote undone. */
const text = (l: Language, key: MessageKey) => html(CATALOGS[l][key].replace(/''/g, "'"));

/**
 * The first screen ("Find a locker", `Find.tsx` under `App.tsx`'s header and tabs) as static HTML in
 * `language`, its controls disabled until the app takes over. The server fills `{{name}}` (the
 * organization's app name, escaped), `{{logo}}` (its logo's `<img>` or nothing) and `{{base}}`
 * (`/app/{organization}`). Kept to the same elements and classes as the app renders, so the screen
 * does not move when the app replaces it.
 */
function shellOf(l: Language): string {
  const t = (key: MessageKey) => text(l, key);
  const options = LANGUAGES.map(
    (o) => `<option value="${o}"${o === l ? ' selected' : ''}>${html(LANGUAGE_NAMES[o])}</option>`,
  ).join('');
  return [
    '<header class="topbar">{{logo}}<h1>{{name}}</h1>',
    `<label class="visually-hidden" for="language">${t('app.language')}</label>`,
    `<select id="language" disabled>${options}</select></header>`,
    '<main tabindex="0"><section class="stack" aria-labelledby="find-title">',
    `<h2 id="find-title">${t('find.title')}</h2><p class="lead">${t('find.intro')}</p>`,
    `<div class="row"><label class="visually-hidden" for="search">${t('find.search')}</label>`,
    `<input id="search" type="search" placeholder="${t('find.search')}" style="flex:1" disabled>`,
    `<button type="button" class="secondary" disabled>${t('find.nearMe')}</button></div>`,
    `<p class="muted">${t('app.loading')}</p></section></main>`,
    `<nav class="tabs" aria-label="${t('app.title')}"><a href="{{base}}" aria-current="page">${t('nav.find')}</a>`,
    `<a href="{{base}}/mine">${t('nav.mine')}</a><a href="{{base}}/account">${t('nav.account')}</a></nav>`,
  ].join('');
}

/**
 * The Lite App's first paint without a second round trip: `app.html` carries its style sheet inline
 * (not a render-blocking request) and marks where the server puts the organization's white label and
 * settings (`<!--app-head-->`) and the first screen (`<!--app-shell-->` in `#root`); `app-shell.json`
 * holds that screen in each language. The server answers `/app/{organization}` with them filled in,
 * so the first screen paints as soon as the page arrives, before the scripts.
 */
export function firstScreen(): Plugin {
  return {
    name: 'lockerops-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(page, ctx) {
        if (!ctx.filename.endsWith('app.html')) return page;
        const inlined = page.replace(
          /<link rel="stylesheet"[^>]*href="\/customer\/(assets\/[^"]+\.css)"[^>]*>/g,
          (tag, file: string) => {
            const css = ctx.bundle?.[file];
            return css?.type === 'asset' ? `<style>${String(css.source)}</style>` : tag;
          },
        );
        return inlined
          .replace('</head>', '<!--app-head--></head>')
          .replace('<div id="root"></div>', '<div id="root"><!--app-shell--></div>');
      },
    },
    generateBundle() {
      const shells = Object.fromEntries(LANGUAGES.map((l) => [l, shellOf(l)]));
      this.emitFile({ type: 'asset', fileName: 'app-shell.json', source: JSON.stringify(shells) });
    },
  };
}
