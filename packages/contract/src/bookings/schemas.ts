/* Wire shapes of bookings (issue 35). */
export {};
