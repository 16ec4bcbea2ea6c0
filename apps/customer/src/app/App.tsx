import type { TCustomerAppConfig, TCustomerLocker, TCustomerMe } from '@lockerops/contract';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
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
import { Account } from './Account';
import { Find } from './Find';
import { PickupQr } from './PickupQr';
import { inPreview, usePreviewConfig } from './preview';
import { hrefOf, navigate, type Route, useRoute } from './route';
import { SignIn } from './SignIn';

// the screens after sign-in load when first shown: the first load (find a locker) stays small
const Place = lazy(() => import('./Place').then((m) => ({ default: m.Place })));
const Mine = lazy(() => import('./Lockers').then((m) => ({ default: m.Mine })));
const Pay = lazy(() => import('./Pay').then((m) => ({ default: m.Pay })));
const OpenDoor = lazy(() => import('./Lockers').then((m) => ({ default: m.OpenDoor })));

/** The organization's configuration the server put in the page (`#app-config`), if it did. */
function inlineConfig(): TCustomerAppConfig | null {
  const data = document.getElementById('app-config')?.textContent;
  return data ? (JSON.parse(data) as TCustomerAppConfig) : null;
}

/**
 * The Lite App of one organization: its white label, the language switch and the screens. As the
 * customizer's preview it shows the framing console's unsaved settings, nobody signed in, and a
 * place's screen without sign-in so its switches show (nothing can be started there).
 */
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
  const [preview] = useState(inPreview);
  const [saved, setConfig] = useState<TCustomerAppConfig | null>(inlineConfig);
  const config = usePreviewConfig(saved, preview);
  const [failed, setFailed] = useState(false);
  /** The signed-in customer; null: signed out; undefined: not known yet. */
  const [me, setMe] = useState<TCustomerMe | null | undefined>();
  const [started, setStarted] = useState<TCustomerLocker | null>(null);
  const [notice, setNotice] = useState('');
  /** The preview refused a tap that would act (start, pay, reserve, rent). */
  const [refused, setRefused] = useState(false);

  useEffect(() => {
    // the page carries the configuration when the server filled it in (not offline, from the cache)
    if (!inlineConfig()) call('config', { params: { organization } }).then(setConfig, () => setFailed(true));
    if (preview) setMe(null);
    else call('me', { params: { organization } }).then(setMe, () => setMe(null));
  }, [organization, preview]);

  // a new address leaves the door shown on the last one
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on every route change
  useEffect(() => setStarted(null), [route]);

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

  /** The screen of the route: finding is open to all; starting, my lockers and the account need a session. */
  const screen = () => {
    if (route.name === 'find') return <Find organization={organization} />;
    if (route.name === 'pay') return <Pay organization={organization} />;
    if (route.name === 'pickupQr') return <PickupQr />;
    if (!config) return <p className="muted">{t('app.loading')}</p>;
    if (me === undefined) return <p className="muted">{t('app.loading')}</p>;
    if (me === null && !(preview && (route.name === 'location' || route.name === 'device')))
      return (
        <SignIn
          organization={organization}
          config={config}
          preview={preview}
          onSignedIn={(m) => {
            setNotice('');
            setMe(m);
          }}
        />
      );
    switch (route.name) {
      case 'location':
      case 'device':
        return started ? (
          <OpenDoor organization={organization} locker={started} onChanged={setStarted} />
        ) : (
          <Place
            organization={organization}
            {...(route.name === 'device' ? { device: route.id } : { id: route.id })}
            settings={config.settings}
            onStarted={setStarted}
          />
        );
      case 'mine':
        return <Mine organization={organization} settings={config.settings} />;
      case 'account':
        return (
          <Account
            organization={organization}
            me={me!}
            onChanged={setMe}
            onSignedOut={(message) => {
              setMe(null);
              setNotice(message ?? '');
              navigate(hrefOf(organization, { name: 'find' }));
            }}
          />
        );
      default:
        return <p className="alert error">{t('app.notFound')}</p>;
    }
  };

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
          onChange={(ev) => {
            const chosen = ev.target.value as Language;
            i18n.setLanguage(chosen);
            // the signed-in customer's e-mails (receipts) follow the app's language
            if (me && !preview)
              call('updateMe', {
                params: { organization },
                body: { first_name: me.first_name, language: chosen },
              }).then(setMe, () => {});
          }}
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </select>
      </header>
      <main
        // with the tabs, the middle of the screen is what scrolls: it takes the focus so that a
        // keyboard can scroll it even when it holds only text (WCAG 2.1.1)
        tabIndex={failed ? undefined : 0}
        onClickCapture={
          preview
            ? (ev) => {
                // a button that acts (not a link-styled switch of the form) does nothing in the preview
                const button = (ev.target as HTMLElement).closest('button');
                if (!button || button.classList.contains('link')) return;
                ev.preventDefault();
                ev.stopPropagation();
                setRefused(true);
              }
            : undefined
        }
      >
        {preview && (
          <p className="alert" role="note" data-testid="preview-note">
            {t('app.previewNote')}
          </p>
        )}
        {preview && (
          <p className={refused ? 'alert' : 'visually-hidden'} role="status">
            {refused ? t('app.previewRefused') : ''}
          </p>
        )}
        {failed ? (
          <p className="alert error">{t('app.notFound')}</p>
        ) : (
          <>
            {notice && (
              <p className="alert ok" role="status">
                {notice}
              </p>
            )}
            <Suspense fallback={<p className="muted">{t('app.loading')}</p>}>{screen()}</Suspense>
          </>
        )}
      </main>
      {!failed && (
        <nav className="tabs" aria-label={t('app.title')}>
          {tab({ name: 'find' }, t('nav.find'))}
          {tab({ name: 'mine' }, t('nav.mine'))}
          {tab({ name: 'account' }, t('nav.account'))}
        </nav>
      )}
    </I18nContext.Provider>
  );
}
