import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { lazy } from 'react';
import type { AreaRegistration } from '../../lib/areaTypes';

/** Transactions: open to every signed-in role (console §6); only admins act on them (operational §1). */
export const transactionsArea: AreaRegistration = {
  path: '/transactions',
  title: 'Transactions',
  icon: ReceiptLongOutlined,
  section: 'event',
  page: lazy(() => import('./TransactionsPage').then((m) => ({ default: m.TransactionsPage }))),
};
