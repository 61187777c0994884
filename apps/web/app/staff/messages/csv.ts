/** The console's CSV fields and lines, shared with the API's product export (packages/contract). */
export { csvField, csvLine } from "@stoa/contract";
