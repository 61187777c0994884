/* Wire shapes of reservations (issue 35). */
export {};
