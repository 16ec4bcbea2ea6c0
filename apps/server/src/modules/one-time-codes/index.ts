/** What other areas may use of the one-time codes: sending, checking and using a code. */
export { consumeCode } from './queries';
export {
  addressKey,
  type CodeContact,
  type CodeDeps,
  checkOneTimeCode,
  MAX_TRIES_IN_ALL,
  sendOneTimeCode,
} from './service';
