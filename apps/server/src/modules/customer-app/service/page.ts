import fs from 'node:fs';
import path from 'node:path';
import { preferredLanguage, type TCustomerAppConfig, type TLanguage } from '@lockerops/contract';
import type { Db } from '../../../db/client';
import { withTenant } from '../../../tenancy';
import { appOrganization } from '../queries/organization';
import { appConfig } from './config';

/*
 * The Lite App's page at `/app/{organization}` (README "Lite App"), filled in by the server so the
 * first screen paints from the page alone: the organization's white label and settings inline (the
 * app reads them instead of asking), its colours and name in the page's head, and on the app's
 * first address the "Find a locker" screen as static HTML in the reader's language, which the app
 * replaces once its scripts run.
 */

/** Text for HTML: `&`, `<`, `>` and `"` escaped. */
const html = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const HEX = /^#[0-9a-f]{3,8}$/i;

/** The page of one request: the organization's label, the path after it, the reader's languages. */
export interface AppPageRequest {
  organization: string;
  /** the address below `/app/{organization}` ('' for the first screen) */
  rest: string;
  acceptLanguage?: string;
}

/**
 * The page builder over the built app in `dist` (`app.html` with its marks, `app-shell.json` with
 * the first screen in each language, both written by the app's build): answers a request's page.
 * An organization without the Lite App, or a failed look-up, gets the page as built (the app then
 * says what it finds).
 */
export function createAppPage({ db, dist }: { db: Db; dist: string }) {
  const template = fs.readFileSync(path.join(dist, 'app.html'), 'utf8');
  const shellFile = path.join(dist, 'app-shell.json');
  const shells: Partial<Record<TLanguage, string>> = fs.existsSync(shellFile)
    ? JSON.parse(fs.readFileSync(shellFile, 'utf8'))
    : {};
  const plain = template.replace('<!--app-head-->', '').replace('<!--app-shell-->', '');
  return async (req: AppPageRequest): Promise<string> => {
    const found = await appOrganization({ db, subdomain: req.organization }).catch(() => undefined);
    if (!found) return plain;
    const config = await withTenant(db, found.id, (tx) => appConfig({ tx, organizationId: found.id }));
    const language = preferredLanguage(req.acceptLanguage) ?? 'en';
    return fill(template, {
      config,
      language,
      base: `/app/${encodeURIComponent(req.organization)}`,
      shell: req.rest.replace(/\/+$/, '') === '' ? (shells[language] ?? '') : '',
    });
  };
}

/** The built page with the organization's `config` and the first screen `shell` put in. */
function fill(
  template: string,
  {
    config,
    language,
    base,
    shell,
  }: { config: TCustomerAppConfig; language: TLanguage; base: string; shell: string },
): string {
  const { name, logo } = config.organization;
  const { primary_color: primary, secondary_color: secondary } = config.settings;
  const colours = [
    HEX.test(primary) ? `--primary:${primary}` : '',
    HEX.test(secondary) ? `--secondary:${secondary}` : '',
  ]
    .filter(Boolean)
    .join(';');
  // the configuration as a data block: `<` escaped, so no text in it can close the element
  const data = JSON.stringify(config).replace(/</g, '\\u003c');
  const head = `<style>:root{${colours}}</style><script type="application/json" id="app-config">${data}</script>`;
  const screen = shell
    .replace('{{logo}}', logo ? `<img src="${html(logo)}" alt="">` : '')
    .replace('{{name}}', html(name))
    .replaceAll('{{base}}', html(base));
  let page = template
    .replace('<!--app-head-->', head)
    .replace('<!--app-shell-->', screen)
    .replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
  if (name) page = page.replace(/<title>[^<]*<\/title>/, `<title>${html(name)}</title>`);
  if (HEX.test(primary)) page = page.replace(/(<meta name="theme-color" content=")[^"]*"/, `$1${primary}"`);
  return page;
}
