import { INTEGRATION_GROUPS, TOOLBOX_MESSAGES } from '@lockerops/contract';
import { Alert, Avatar, Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatApiError } from '../../api/errors';
import { PageTitle } from '../../components/PageTitle';
import { SearchField } from '../../components/SearchField';
import { translateMessage } from '../../i18n/messages';
import { useIntegrationsQuery } from './hooks';
import { TwilioDialog } from './TwilioDialog';

/** Spec console §2 Integrations: the card's button by its `active` state. */
export const buttonLabel = (active: boolean | null, t: TFunction) =>
  active === null
    ? translateMessage(TOOLBOX_MESSAGES.comingSoon)
    : active
      ? t('integrations:deactivate')
      : t('integrations:activate');

/** The catalog key of each group's title (`integrations:group.<key>`). */
const GROUP_KEYS: Record<(typeof INTEGRATION_GROUPS)[number]['title'], string> = {
  'Shipping & Tracking': 'shipping',
  Payment: 'payment',
  Messaging: 'messaging',
  'Service & Support': 'support',
};

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
  const { t } = useTranslation('integrations');

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
      <PageTitle title={t('title')} actions={<SearchField value={search} onChange={setSearch} />} />
      {state.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formatApiError(state.error)}
        </Alert>
      ) : null}
      {groups.length === 0 ? <Typography color="text.secondary">{t('common:table.empty')}</Typography> : null}
      {groups.map((g) => (
        <Box key={g.title} component="section" aria-label={t(`group.${GROUP_KEYS[g.title]}`)} sx={{ mb: 4 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {t(`group.${GROUP_KEYS[g.title]}`)}
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
                      {buttonLabel(active, t)}
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
