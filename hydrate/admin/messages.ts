/**
 * The admin's words in one place. The editor's messages of spec 001 §5 are kept verbatim (`Please enter a valid
 * email`, `This {tagType} already exists`, `{val} is not a valid page URL`, …) and filled by the functions here;
 * the rest are ours, short and plain, as a real shop's admin says them.
 */
export const EDITOR_MESSAGES = {
  invalidEmail: 'Please enter a valid email',
  alreadyExists: (tagType: string) => `This ${tagType} already exists`,
  notValidPageUrl: (val: string) => `${val} is not a valid page URL`,
  notExpectedOption: (val: string) => `${val} is not one of the expected options`,
  unsupportedFile: (fileName: string, fileTypeMessage: string) => `The file ${fileName} does not appear to be a supported ${fileTypeMessage}file.`,
  fileTooLarge: (fileName: string, maxSize: string) => `The file ${fileName} is too large. The maximum allowed file size is ${maxSize}.`,
} as const;

export const ADMIN_MESSAGES = {
  loading: 'Loading…',
  saving: 'Saving…',
  saved: 'Saved.',
  failed: 'This could not be loaded.',
  offline: 'The server could not be reached. Check your connection and try again.',
  tryAgain: 'Try again',
  unsaved: 'You have unsaved changes. Leave this page without saving them?',
  signedOut: 'Your session has ended. Please sign in again.',
  notFound: 'There is no such page in the admin.',
  priceFormat: 'Enter a price such as 12.50.',
  stockFormat: 'Enter a whole number of 0 or more.',
  required: (field: string) => `${field} is required.`,
  noResults: 'Nothing matches.',
  nothingAllowed: 'Your roles open no screen here. Ask the site owner for the access you need.',
} as const;
