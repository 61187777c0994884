// Production server of the baseline page, wired like the storefront's: express, compression, static
// assets and the React Router request handler. Only the app behind it differs.
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";

const port = Number(process.env.PORT ?? 4102);
const buildDir = fileURLToPath(new URL("./build/", import.meta.url));
// The path is computed so the type checker does not require a build to exist.
const build = (await import(pathToFileURL(`${buildDir}server/index.js`).href)) as ServerBuild;

const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/assets", express.static(`${buildDir}client/assets`, { immutable: true, maxAge: "1y" }));
app.use(express.static(`${buildDir}client`, { maxAge: "1h" }));
app.use(createRequestHandler({ build, mode: "production" }));

app.listen(port, "127.0.0.1", () => {
  console.log(`bare react router on http://127.0.0.1:${port}`);
});
