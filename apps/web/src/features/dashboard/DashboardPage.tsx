import { Avatar, Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useOrganizationSelf } from '../../api/organizations';
import { useCurrentUser } from '../../api/session';
import { PageTitle } from '../../components/PageTitle';

/** Dashboard (console §2): for now the welcome card with the organisation's name and logo. */
export function DashboardPage() {
  const user = useCurrentUser();
  const org = useOrganizationSelf();
  const orgName = org.data ? org.data.white_label.app_name || org.data.name : user.organization.name;
  const logo = org.data?.white_label.app_logo;
  return (
    <>
      <PageTitle title="Dashboard" />
      <Card variant="outlined" sx={{ maxWidth: 720 }}>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 3 }}>
          {org.isPending ? (
            <Skeleton variant="rounded" width={72} height={72} />
          ) : (
            <Avatar
              src={logo ?? undefined}
              alt={`${orgName} logo`}
              variant="rounded"
              sx={{ width: 72, height: 72, bgcolor: 'primary.main', fontSize: 32 }}
            >
              {orgName.charAt(0).toUpperCase()}
            </Avatar>
          )}
          <Box>
            <Typography variant="overline" color="text.secondary">
              Welcome{user.first_name ? `, ${user.first_name}` : ''}
            </Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-testid="organization-name">
              {orgName}
            </Typography>
          </Box>
        </CardContent>
      </Card>
    </>
  );
}
