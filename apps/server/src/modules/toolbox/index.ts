/** What other areas may use of the toolbox: the Lite App customizer and the Twilio switches. */
export { getLiteApp, twilioPurposes } from './service';
export { homeCountries } from './service/widget';
