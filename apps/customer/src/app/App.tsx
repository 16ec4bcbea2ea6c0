import type { TCustomerAppConfig } from '@lockerops/contract';
import { useEffect, useMemo, useState } from 'react';
import { call } from '../shared/api';
import {
  I18nContext,
  initialLanguage,
  LANGUAGE_NAMES,
  LANGUAGES,
  type Language,
  saveLanguage,
  translator,
} from '../shared/i18n';
import { hrefOf, navigate, type Route, useRoute } from './route';

/** The Lite App of one organization: its white label, the language switch and the screens. */
export function App({ organization }: { organization: string }) {
  const [language, setLanguageState] = useState<Language>(initialLanguage);
  const i18n = useMemo(
    () => ({
      language,
      t: translator(language),
      setLanguage: (l: Language) => {
        saveLanguage(l);
        setLanguageState(l);
      },
    }),
    [language],
  );
  const { t } = i18n;
  const route = useRoute();
  const [config, setConfig] = useState<TCustomerAppConfig | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    call('config', { params: { organization } }).then(setConfig, () => setFailed(true));
  }, [organization]);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  useEffect(() => {
    if (!config) return;
    const root = document.documentElement.style;
    root.setProperty('--primary', config.settings.primary_color);
    root.setProperty('--secondary', config.settings.secondary_color);
    document.title = config.organization.name;
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', config.settings.primary_color);
  }, [config]);

  const tab = (r: Route, label: string) => {
    const href = hrefOf(organization, r);
    return (
      <a
        href={href}
        aria-current={route.name === r.name ? 'page' : undefined}
        onClick={(ev) => {
          ev.preventDefault();
          navigate(href);
        }}
      >
        {label}
      </a>
    );
  };

  return (
    <I18nContext.Provider value={i18n}>
      <header className="topbar">
        {config?.organization.logo && <img src={config.organization.logo} alt="" />}
        <h1>{config?.organization.name ?? t('app.title')}</h1>
        <label className="visually-hidden" htmlFor="language">
          {t('app.language')}
        </label>
        <select
          id="language"
          value={language}
          onChange={(ev) => i18n.setLanguage(ev.target.value as Language)}
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </select>
      </header>
      <main>
        {failed ? (
          <p className="alert error">{t('app.notFound')}</p>
        ) : !config ? (
          <p className="muted">{t('app.loading')}</p>
        ) : (
          <p>{t('find.title')}</p>
        )}
      </main>
      {config && (
        <nav className="tabs" aria-label={t('app.title')}>
          {tab({ name: 'find' }, t('nav.find'))}
          {tab({ name: 'mine' }, t('nav.mine'))}
          {tab({ name: 'account' }, t('nav.account'))}
        </nav>
      )}
    </I18nContext.Provider>
  );
}
