import { type SQL, sql } from "drizzle-orm";
import { testHarness } from "./harness.ts";

export type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
};

function seqScans(node: PlanNode): string[] {
  const own = node["Node Type"] === "Seq Scan" ? [node["Relation Name"] ?? "?"] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

/** Rebuilds a logged query with its parameters bound, so it can be explained as the app ran it. */
function bound(query: string, params: unknown[]) {
  const parts = query.split(/\$(\d+)/);
  const chunks = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(params[Number(part) - 1])));
  return sql.join(chunks);
}

/**
 * The tables read whole by each query `calls` sends that `which` selects. With sequential scans
 * switched off the planner still falls back to one when no index can answer, so a "Seq Scan" in
 * the plan means a missing index, whatever the size of the test data. (How much an index scan then
 * reads is measured by `npm run bench`.)
 */
export async function plansOf(calls: () => Promise<unknown>, which: RegExp = /^\s*select/i) {
  const { handle } = await testHarness();
  const seen: { query: string; params: unknown[] }[] = [];
  const stop = handle.onQuery((query, params) => {
    if (which.test(query)) seen.push({ query, params });
  });
  try {
    await calls();
  } finally {
    stop();
  }
  const findings: { query: string; seqScans: string[] }[] = [];
  for (const { query, params } of seen) {
    findings.push({ query, seqScans: seqScans(await planOf(bound(query, params))) });
  }
  return findings;
}

/** The plan of one statement, with sequential scans switched off (see `plansOf`). */
export async function planOf(query: SQL): Promise<PlanNode> {
  const { handle } = await testHarness();
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const result = (await tx.execute(sql`EXPLAIN (FORMAT JSON) ${query}`)) as unknown as {
      rows: { "QUERY PLAN": [{ Plan: PlanNode }] | string }[];
    };
    const raw = result.rows[0]?.["QUERY PLAN"];
    return ((typeof raw === "string" ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }])[0].Plan;
  });
}

/** The indexes a plan reads, by name. */
export function indexesOf(node: PlanNode): string[] {
  const own = node["Index Name"] ? [node["Index Name"]] : [];
  return [...own, ...(node.Plans ?? []).flatMap(indexesOf)];
}
