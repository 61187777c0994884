#!/usr/bin/env node
// Starts the store API and the storefront side by side (`dev` or `start`), prefixes their output,
// and stops both when either ends or the terminal is interrupted.
import { spawn } from "node:child_process";

const mode = process.argv[2] === "dev" ? "dev" : "start";
const apiPort = process.env.API_PORT ?? "4000";
const env = {
  ...process.env,
  API_PORT: apiPort,
  API_URL: process.env.API_URL ?? `http://127.0.0.1:${apiPort}`,
  // The demo reads its sign-in codes from the dev mailbox when no SMTP server is set; the API then
  // listens on loopback only (it refuses to start otherwise). Set DEV_MAILBOX=false to turn it off.
  DEV_MAILBOX: process.env.DEV_MAILBOX ?? (process.env.SMTP_URL ? "false" : "true"),
};

const parts = [
  { name: "api", workspace: "@stoa/api", colour: 36 },
  { name: "web", workspace: "@stoa/web", colour: 35 },
];

const children = parts.map(({ name, workspace, colour }) => {
  const child = spawn("npm", ["run", mode, "-w", workspace, "--silent"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so stopping reaches npm's children (tsx, node) too.
    detached: true,
  });
  const prefix = `\x1b[${colour}m${name}\x1b[0m │ `;
  for (const stream of [child.stdout, child.stderr]) {
    let pending = "";
    stream.on("data", (chunk) => {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
    });
  }
  child.on("exit", (code) => {
    process.stdout.write(`${prefix}exited with ${code}\n`);
    stopAll(code ?? 1);
  });
  return child;
});

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.exitCode !== null) continue;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      child.kill("SIGTERM");
    }
  }
  setTimeout(() => process.exit(code), 1500).unref();
}
process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));
