import { Avatar, Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useOrganizationSelf } from '../../api/organizations';
import { useCurrentUser } from '../../api/session';

/** The welcome card (spec console §2 Dashboard): organization name and logo; `actions` on the right. */
export function WelcomeCard({ actions, logo }: { actions?: ReactNode; logo?: ReactNode }) {
  const user = useCurrentUser();
  const org = useOrganizationSelf();
  const orgName = org.data ? org.data.white_label.app_name || org.data.name : user.organization.name;
  const src = org.data?.white_label.app_logo;
  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap' }}>
        {org.isPending ? (
          <Skeleton variant="rounded" width={72} height={72} />
        ) : (
          (logo ?? (
            <Avatar
              src={src ?? undefined}
              alt={`${orgName} logo`}
              variant="rounded"
              sx={{ width: 72, height: 72, bgcolor: 'primary.main', fontSize: 32 }}
            >
              {orgName.charAt(0).toUpperCase()}
            </Avatar>
          ))
        )}
        <Box sx={{ flex: 1 }}>
          <Typography variant="overline" color="text.secondary">
            Welcome{user.first_name ? `, ${user.first_name}` : ''}
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
