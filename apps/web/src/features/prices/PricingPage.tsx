import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import CardMembershipOutlined from '@mui/icons-material/CardMembershipOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import PriceChangeOutlined from '@mui/icons-material/PriceChangeOutlined';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Link } from 'react-router';
import { PageTitle } from '../../components/PageTitle';

const LINKS = [
  { to: '/pay-per', title: 'Pay-per', text: 'Prices per time or per weight.', icon: PriceChangeOutlined },
  { to: '/subscriptions', title: 'Subscriptions', text: 'Membership plans.', icon: CardMembershipOutlined },
  {
    to: '/promo-codes',
    title: 'Promo codes',
    text: 'Fixed or percentage discounts.',
    icon: LocalOfferOutlined,
  },
  {
    to: '/pricing-set-up',
    title: 'Pricing set-up',
    text: 'Connect the payment-provider account.',
    icon: AccountBalanceOutlined,
  },
] as const;

/** /pricing (spec console §2 "Pricing (title)"): the pricing pages in one place. */
export function PricingPage() {
  return (
    <>
      <PageTitle title="Pricing" />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 2 }}>
        {LINKS.map(({ to, title, text, icon: Icon }) => (
          <Card key={to} variant="outlined">
            <CardActionArea component={Link} to={to}>
              <CardContent>
                <Icon color="primary" />
                <Typography variant="h6">{title}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {text}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </>
  );
}
