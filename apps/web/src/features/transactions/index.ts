import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import type { AreaRegistration } from '../../app/areaTypes';

/** Transactions: open to every signed-in role (console §6). */
export const transactionsArea: AreaRegistration = {
  path: '/transactions',
  title: 'Transactions',
  icon: ReceiptLongOutlined,
  section: 'event',
};
