// The floor under order create: the API's HTTP stack (@hono/node-server) and database driver (pg,
// a pool the size of the API's) with one durable write per request, an insert committed on its own,
// and nothing else. An order cannot be placed faster than a commit, so its requests/s and CPU say
// what this machine allows whatever the order code does.
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import pg from "pg";

const port = Number(process.env.PORT ?? 4102);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
await pool.query(
  `CREATE TABLE IF NOT EXISTS bench_commit_floor (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())`,
);

const app = new Hono();
app.get("/health", (c) => c.text("ok"));
app.post("/", async (c) => {
  const written = await pool.query<{ id: string }>({
    name: "commit_floor",
    text: "INSERT INTO bench_commit_floor DEFAULT VALUES RETURNING id",
  });
  return c.json({ code: "0", msg: "ok", data: { id: Number(written.rows[0]?.id) } });
});

serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, (info) => {
  console.log(`commit floor on http://127.0.0.1:${info.port}`);
});
