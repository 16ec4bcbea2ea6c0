import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationSelf } from '../../api/organizations';
import { useCurrentUser } from '../../api/session';
import { OrganizationLogo } from './OrganizationLogo';

/**
 * The welcome card (spec console §2 Dashboard): the organization's logo (click enlarges; admins
 * upload a new one) and name; `actions` (the report download) on the right.
 */
export function WelcomeCard({ actions }: { actions?: ReactNode }) {
  const user = useCurrentUser();
  const org = useOrganizationSelf();
  const { t } = useTranslation('dashboard');
  const orgName = org.data ? org.data.white_label.app_name || org.data.name : user.organization.name;
  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap' }}>
        {org.isPending ? (
          <Skeleton variant="rounded" width={72} height={72} />
        ) : (
          <OrganizationLogo
            src={org.data?.white_label.app_logo ?? null}
            name={orgName}
            canUpload={user.role === 'admin'}
          />
        )}
        <Box sx={{ flex: 1 }}>
          <Typography variant="overline" color="text.secondary">
            {user.first_name ? t('welcomeName', { name: user.first_name }) : t('welcome')}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-testid="organization-name">
            {orgName}
          </Typography>
        </Box>
        {actions}
      </CardContent>
    </Card>
  );
}
