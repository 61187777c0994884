/** The store at `localhost` (spec: the default store is id 41). */
export const DEFAULT_STORE_ID = 41;

/**
 * How long a store, once read, is taken as it is (ms): the API keeps a store row, and the
 * storefront a store's version, this long before asking again, so a change to a store's settings
 * or catalogue shows within this time. `STORE_FRESH_MS` sets it in both; 0 asks every time.
 */
export const DEFAULT_STORE_FRESH_MS = 1000;
