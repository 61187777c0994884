import type { TestProject } from "vitest/node";

/**
 * On PostgreSQL each test run gets a schema of its own, so runs never see each other's rows; the
 * schema is dropped when the run ends.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const schema = `test_${process.pid}_${Date.now().toString(36)}`;
  project.provide("testSchema", schema);
  return async () => {
    const pg = await import("pg");
    const client = new pg.default.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    testSchema: string;
  }
}
