import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import CardMembershipOutlined from '@mui/icons-material/CardMembershipOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import PriceChangeOutlined from '@mui/icons-material/PriceChangeOutlined';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../components/PageTitle';

/** The pricing pages, each with its title and text keys (`hub.<key>`, `hub.<key>Text`). */
const LINKS = [
  { to: '/pay-per', key: 'payPer', icon: PriceChangeOutlined },
  { to: '/subscriptions', key: 'subscriptions', icon: CardMembershipOutlined },
  { to: '/promo-codes', key: 'promoCodes', icon: LocalOfferOutlined },
  { to: '/pricing-set-up', key: 'setUp', icon: AccountBalanceOutlined },
] as const;

/** /pricing (spec console §2 "Pricing (title)"): the pricing pages in one place. */
export function PricingPage() {
  const { t } = useTranslation('prices');
  return (
    <>
      <PageTitle title={t('hub.title')} />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 2 }}>
        {LINKS.map(({ to, key, icon: Icon }) => (
          <Card key={to} variant="outlined">
            <CardActionArea component={Link} to={to}>
              <CardContent>
                <Icon color="primary" />
                <Typography variant="h6">{t(`hub.${key}`)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`hub.${key}Text`)}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </>
  );
}
