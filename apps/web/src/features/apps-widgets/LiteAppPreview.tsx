import { subdomainOf, type TLiteAppSettings } from '@lockerops/contract';
import { Box, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/session';

/** The message posted to the framed app with the unsaved settings (the app's `preview.ts`). */
const PREVIEW_SETTINGS = 'lockerops:lite-app-preview';
/** The message the framed app posts once it listens. */
const PREVIEW_READY = 'lockerops:lite-app-ready';

/** The address of the organization's Lite App as the customizer's preview. */
export const previewUrl = (organizationName: string) =>
  `/app/${encodeURIComponent(subdomainOf(organizationName))}?preview=1`;

/**
 * The phone of the Lite App customizer (spec console §2 Apps and widgets): the organization's real
 * Lite App framed (`/app/{organization}?preview`, which the server lets this origin only frame),
 * given `settings` — the form's unsaved values — on every change, so the sign-in method, the
 * switches (on a place's screen) and the colours show before saving. The preview signs nobody in
 * and acts on nothing; the settings go to this origin only.
 */
export function LiteAppPreview({ settings }: { settings: TLiteAppSettings }) {
  const user = useCurrentUser();
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef(settings);
  latest.current = settings;
  const { t } = useTranslation('appsWidgets');

  const post = () =>
    frame.current?.contentWindow?.postMessage(
      { type: PREVIEW_SETTINGS, settings: latest.current },
      window.location.origin,
    );

  // the app asks once it listens (on every load of the frame)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `post` reads the latest settings
  useEffect(() => {
    const on = (ev: MessageEvent) => {
      if (ev.origin !== window.location.origin || ev.source !== frame.current?.contentWindow) return;
      if ((ev.data as { type?: unknown } | null)?.type === PREVIEW_READY) post();
    };
    window.addEventListener('message', on);
    return () => window.removeEventListener('message', on);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: every change of the settings is posted
  useEffect(post, [settings]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, flexShrink: 0 }}>
      <Box
        role="region"
        aria-label={t('preview.phone')}
        sx={{
          width: 320,
          maxWidth: '100%',
          height: 640,
          border: '10px solid #1f1f1f',
          borderRadius: '32px',
          overflow: 'hidden',
          bgcolor: '#fff',
          boxShadow: 3,
          boxSizing: 'border-box',
        }}
      >
        <iframe
          ref={frame}
          data-testid="lite-app-preview"
          title={t('preview.frame')}
          src={previewUrl(user.organization.name)}
          style={{ width: '100%', height: '100%', border: 0, display: 'block' }}
        />
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ maxWidth: 320, textAlign: 'center' }}>
        {t('preview.hint')}
      </Typography>
    </Box>
  );
}
