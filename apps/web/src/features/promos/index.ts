import { STAFF } from '@lockerops/contract';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import { lazy } from 'react';
import type { AreaRegistration } from '../../lib/areaTypes';

/** Promo codes (operational-data-areas §2). */
export const promoCodesArea: AreaRegistration = {
  path: '/promo-codes',
  title: 'Promo codes',
  icon: LocalOfferOutlined,
  section: 'pricing',
  roles: STAFF,
  page: lazy(() => import('./PromoCodesPage').then((m) => ({ default: m.PromoCodesPage }))),
};
