/**
 * Field names of a product's choices in the add-to-cart form of a page without scripts (decision
 * 047): the page's own radios and checkboxes, tied to the form, posted with it and settled by the
 * cart page's action.
 */
export const OPTION_FIELD_PREFIX = "option:";
export const ADD_ON_FIELD_PREFIX = "addOn:";
/** Set by a product page's form: its choices (made or not) are settled by the product itself. */
export const CHOICES_FIELD = "choices";
