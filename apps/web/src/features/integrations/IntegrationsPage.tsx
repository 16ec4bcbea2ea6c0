import { INTEGRATION_GROUPS, TOOLBOX_MESSAGES } from '@lockerops/contract';
import { Alert, Avatar, Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatApiError } from '../../api/errors';
import { PageTitle } from '../../components/PageTitle';
import { SearchField } from '../../components/SearchField';
import { useIntegrationsQuery } from './hooks';
import { TwilioDialog } from './TwilioDialog';

/** Spec console §2 Integrations: the card's button by its `active` state. */
export const buttonLabel = (active: boolean | null) =>
  active === null ? TOOLBOX_MESSAGES.comingSoon : active ? 'Deactivate' : 'Activate';

/** The cards whose names contain `search` (case-insensitive, from 2 characters: spec console §5), by group. */
export function filterGroups(search: string) {
  const q = search.trim().toLowerCase();
  return INTEGRATION_GROUPS.map((g) => ({
    title: g.title,
    cards: g.cards.filter((c) => q.length < 2 || c.toLowerCase().includes(q)),
  })).filter((g) => g.cards.length > 0);
}

/**
 * /integrations (spec console §2 Integrations): a searchable grid of cards grouped by title. Twilio
 * opens its dialog (the organization's own SMS account), Stripe opens the payment-provider set-up
 * page; the others are "Coming Soon".
 */
export function IntegrationsPage() {
  const [search, setSearch] = useState('');
  const [twilioOpen, setTwilioOpen] = useState(false);
  const state = useIntegrationsQuery();
  const navigate = useNavigate();
  const groups = filterGroups(search);

  const activeOf = (card: string): boolean | null => {
    if (card === 'Twilio') return state.data?.twilio ?? false;
    if (card === 'Stripe') return state.data?.stripe ?? false;
    return null;
  };
  const onClick = (card: string) => {
    if (card === 'Twilio') setTwilioOpen(true);
    else if (card === 'Stripe') navigate('/pricing-set-up');
  };

  return (
    <Box>
      <PageTitle title="Integrations" actions={<SearchField value={search} onChange={setSearch} />} />
      {state.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formatApiError(state.error)}
        </Alert>
      ) : null}
      {groups.length === 0 ? <Typography color="text.secondary">No Data to Show</Typography> : null}
      {groups.map((g) => (
        <Box key={g.title} component="section" aria-label={g.title} sx={{ mb: 4 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {g.title}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
            }}
          >
            {g.cards.map((card) => {
              const active = activeOf(card);
              return (
                <Card key={card} variant="outlined" aria-label={card} role="article">
                  <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                    <Avatar sx={{ bgcolor: active ? 'success.main' : 'grey.500' }}>{card[0]}</Avatar>
                    <Typography variant="subtitle1" component="h3">
                      {card}
                    </Typography>
                  </CardContent>
                  <CardActions>
                    <Button
                      fullWidth
                      variant={active === null ? 'text' : 'outlined'}
                      disabled={active === null || (state.isPending && !state.isError)}
                      color={active ? 'error' : 'primary'}
                      onClick={() => onClick(card)}
                    >
                      {buttonLabel(active)}
                    </Button>
                  </CardActions>
                </Card>
              );
            })}
          </Box>
        </Box>
      ))}
      <TwilioDialog open={twilioOpen} onClose={() => setTwilioOpen(false)} />
    </Box>
  );
}
