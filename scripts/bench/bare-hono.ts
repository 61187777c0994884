// The floor for the store API figures: the same HTTP stack (@hono/node-server) with no database,
// validation or envelope, so the table shows what the API itself costs on top of it.
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const port = Number(process.env.PORT ?? 4101);
const app = new Hono();
app.get("/", (c) => c.text("Hello, world"));

serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, (info) => {
  console.log(`bare hono on http://127.0.0.1:${info.port}`);
});
