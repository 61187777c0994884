/** The store at `localhost` (spec: the default store is id 41). */
export const DEFAULT_STORE_ID = 41;
