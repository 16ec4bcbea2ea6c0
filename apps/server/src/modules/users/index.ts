/**
 * What the users area offers other areas: they import it from here, never from the area's files
 * (the layer rule in biome.json); everything else in the folder is the area's own.
 */
export { insertCourierUser, insertCustomer } from './queries';
export {
  type CustomerRow,
  customerColumns,
  forgetCustomer,
  insertAppCustomer,
  recordSignIn,
  updateCustomerDetails,
} from './queries/app-customers';
