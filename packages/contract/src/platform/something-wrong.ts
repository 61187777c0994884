/** The one message shown when nothing better can be said, in English: the last resort of every page. */
export const SOMETHING_WRONG_TEXT = "Something went wrong. Please try again.";
