/**
 * The storefront's server settings that name other services: the one place `API_URL` is read.
 * server.ts hands it to the image optimiser, the media proxy and every request's store API.
 */
export const API_URL = process.env.API_URL ?? "http://127.0.0.1:4000";
