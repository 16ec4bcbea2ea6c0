import { Avatar, Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { usePublicOrganization } from '../../api/organizations';

/** Frame of the sign-in screens, branded from the public organization lookup (spec console §7). */
export function AuthLayout() {
  const org = usePublicOrganization();
  const appName = org.data?.app_name || org.data?.name || 'Lockerops';
  const logo = org.data?.app_logo;
  const { t } = useTranslation('auth');
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      <Card variant="outlined" sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, mb: 3 }}>
            {logo ? (
              <Box
                component="img"
                src={logo}
                alt={t('logoAlt', { name: appName })}
                sx={{ maxHeight: 64, maxWidth: 200, objectFit: 'contain' }}
              />
            ) : (
              <Avatar sx={{ bgcolor: 'primary.main', width: 56, height: 56, fontSize: 28 }} aria-hidden>
                {appName.charAt(0).toUpperCase()}
              </Avatar>
            )}
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="app-name">
              {appName}
            </Typography>
          </Box>
          <Outlet />
        </CardContent>
      </Card>
    </Box>
  );
}
