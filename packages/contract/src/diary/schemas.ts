/* Wire shapes of diary (issue 35). */
export {};
