/**
 * The delivery expiry handler under its former address (the expiry tests import it from here);
 * the life cycle's steps are functions in `steps/`, and other areas use `index.ts`.
 */
export { expireDeliveries } from './steps/expire-deliveries';
