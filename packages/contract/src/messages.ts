/**
 * User-facing texts of spec console §5 and §8, word for word (typos included).
 * Area-specific messages live in their area's file.
 */
export const MSG = {
  emailRequired: 'Email required',
  invalidEmail: 'Invalid email address',
  passwordRequired: 'Password required',
  codeRequired: 'Code required',
  newPasswordRequired: 'New password required',
  confirmPasswordRequired: 'Confirm password required',
  passwordsDoNotMatchError: 'The passwords do not match',
  passwordsDoNotMatch: 'Passwords do not match!',
  passwordsMatch: 'Passwords match!',
  firstNameIsRequired: 'First name is required',
  addressRequired: 'Address required',
  weakPassword:
    'Password is too weak: use at least 8 characters with two of upper-case letters, lower-case letters and numbers.',
  passwordRuleHint:
    'Your password must be at least 8 characters long and include upper and lower case letters, a number and a special character.',
  incorrectCredentials: 'Incorrect username or password.',
  userNotFound: 'User not found',
  invalidCode: 'Invalid verification code provided, please try again.',
  expiredCode: 'Invalid code provided, please request a code again.',
  attemptsExceeded: 'Attempt limit exceeded, please try after some time.',
  invalidSession: 'Invalid session for the user, session is expired.',
  tooManyRequests: 'Too many requests. Please try again later.',
  notAuthenticated: 'Not authenticated',
  tokenExpired: 'Your session has expired. Please log in again.',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'Not found',
  organizationArchived: 'This organization has been archived.',
  userDisabled: 'User is disabled.',
  // §8 catalogue
  somethingWentWrong: 'Something went wrong! ',
  somethingWentWrongFallback: 'Something went wrong! Please try again later.',
  unexpectedError: 'An unexpected error has ocurred. Please try again later or contact customer support.',
  networkError:
    'An error has occured while processing your request. Please try again later or contact customer support.',
  sessionExpired: 'Your session has expired. Please log in again.',
  sessionExpiredTitle: 'Alert!',
  serverError: 'Server error',
  pageError: 'This page has an error right now!',
  pageNotFound: 'This page could not be found.',
  passwordChanged: 'Password changed successfully',
  codeSent: 'Verification code bas been sent to your email',
  passwordResetDone: 'Password reset was successful. Please login',
  saved: 'Saved successfully!',
  settingsUpdated: 'Settings updated successfully',
  unableToSendEmail: 'We were unable to send the email. Please try again.',
  onlyImages: 'Only images are allowed',
  onlyImagesBang: 'Only images are allowed!',
  /** An image field holding an address that is not one of this product's uploads (`POST images`). */
  imageNotUploaded: 'Only images uploaded here are allowed!',
  itemsDeleted: (n: number) => `${n} item(s) deleted successfully`,
  uploadFailedStatus: (n: number) => `Upload failed with status ${n}`,
  // Feedback
  feedbackThanks: 'Thanks for your Feedback! We will review it as soon as possible.',
  descriptionRequired: 'Description is required',
  descriptionMax: 'Description must be 200 characters long maximum.',
  notesMax: 'Notes must be 300 characters long maximum.',
  notImages: 'One or more of the selected files are not images. Please try again.',
} as const;
