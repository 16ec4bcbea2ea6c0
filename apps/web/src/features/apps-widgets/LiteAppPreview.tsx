import { LITE_APP_TOGGLES, type TLiteAppSettings } from '@lockerops/contract';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

type TToggle = (typeof LITE_APP_TOGGLES)[number][0];

/** What each toggle adds to the app's home screen in the mock-up: its key under `preview.tile`. */
const tileKey = (toggle: TToggle) => `preview.tile.${toggle}`;

const field = (label: string) => (
  <Box
    key={label}
    sx={{ border: '1px solid #c4c4c4', borderRadius: 1, px: 1, py: 0.75, fontSize: 12, color: '#666' }}
  >
    {label}
  </Box>
);

/**
 * The phone mock-up of the Lite App customizer (spec console §2 Apps and widgets): the sign-in screen
 * asks for what the sign-in method says, the home screen shows one tile per toggle that is on, the
 * bars and buttons take the primary colour and the tiles the secondary one. Pure: it draws `settings`.
 */
export function LiteAppPreview({ settings }: { settings: TLiteAppSettings }) {
  const s = settings;
  const { t } = useTranslation('appsWidgets');
  const tiles = LITE_APP_TOGGLES.filter(([key]) => s[key]).map(([key]) => t(tileKey(key)));
  return (
    <Box
      role="region"
      aria-label={t('preview.phone')}
      sx={{
        width: 260,
        height: 520,
        border: '10px solid #1f1f1f',
        borderRadius: '32px',
        overflow: 'hidden',
        bgcolor: '#fff',
        color: '#1a1a1a',
        display: 'flex',
        flexDirection: 'column',
        boxShadow: 3,
        flexShrink: 0,
      }}
    >
      <Box
        data-testid="preview-app-bar"
        sx={{ bgcolor: s.primary_color, color: '#fff', px: 2, py: 1.5, fontWeight: 600, fontSize: 14 }}
      >
        {t('tab.liteApp')}
      </Box>
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography sx={{ fontSize: 14, fontWeight: 600 }}>{t('preview.signIn')}</Typography>
        {s.sign_in_method !== 'email' ? field(t('preview.phoneNumber')) : null}
        {s.sign_in_method === 'both' ? (
          <Typography sx={{ fontSize: 11, textAlign: 'center', color: '#888' }}>{t('preview.or')}</Typography>
        ) : null}
        {s.sign_in_method !== 'phone' ? field(t('preview.email')) : null}
        <Box
          data-testid="preview-button"
          sx={{
            bgcolor: s.primary_color,
            color: '#fff',
            borderRadius: 1,
            textAlign: 'center',
            py: 0.75,
            fontSize: 12,
            fontWeight: 600,
          }}
        >
          {t('preview.continue')}
        </Box>
      </Box>
      <Box sx={{ px: 2, pb: 2, flex: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography sx={{ fontSize: 14, fontWeight: 600 }}>{t('preview.home')}</Typography>
        <Box sx={{ bgcolor: '#f2f2f2', borderRadius: 1, p: 1, fontSize: 12 }} data-testid="preview-rental">
          {t('preview.scan')}
        </Box>
        <Box
          role="list"
          aria-label={t('preview.features')}
          sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}
        >
          {tiles.map((tile) => (
            <Box
              key={tile}
              role="listitem"
              sx={{
                bgcolor: s.secondary_color,
                color: '#fff',
                borderRadius: 1,
                p: 1,
                fontSize: 11,
                fontWeight: 600,
                minHeight: 44,
              }}
            >
              {tile}
            </Box>
          ))}
        </Box>
      </Box>
      <Box sx={{ bgcolor: s.primary_color, height: 8 }} />
    </Box>
  );
}
