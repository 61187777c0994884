/**
 * A readable page over the OpenAPI document, rendered on the server with no script or remote asset,
 * so it works offline and under a strict content security policy.
 */
type Operation = {
  summary?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] as string,
  );

const json = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

export function renderDocsPage(document: {
  info: { title: string; description: string };
  paths: Record<string, Record<string, Operation>>;
}): string {
  const sections = Object.entries(document.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => {
        const params = (op.parameters ?? [])
          .map(
            (p) =>
              `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? "yes" : "no"}</td><td>${json(p.schema)}</td></tr>`,
          )
          .join("");
        const body = op.requestBody
          ? `<details><summary>Request body</summary>${json(op.requestBody.content["application/json"]?.schema)}</details>`
          : "";
        const ok = op.responses["200"]?.content?.["application/json"]?.schema;
        const errors = Object.entries(op.responses)
          .filter(([status]) => status !== "200")
          .map(([status, r]) => `<li><b>${status}</b> ${escapeHtml(r.description)}</li>`)
          .join("");
        return `<section id="${escapeHtml(method + path)}"><h2><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h2>
<p>${escapeHtml(op.summary ?? "")}</p>
<table><thead><tr><th>Parameter</th><th>In</th><th>Required</th><th>Schema</th></tr></thead><tbody>${params}</tbody></table>
${body}<details><summary>200 response</summary>${json(ok)}</details><ul>${errors}</ul></section>`;
      }),
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(document.info.title)}</title><style>
body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1f2937}
section{border:1px solid #e5e7eb;border-radius:10px;padding:1rem 1.25rem;margin:1rem 0}
h2{font-size:1.05rem;margin:0 0 .5rem}.m{display:inline-block;min-width:3.5rem;text-align:center;border-radius:6px;color:#fff;padding:0 .4rem;font-size:.8rem}
.get{background:#2563eb}.post{background:#059669}.put{background:#d97706}.delete{background:#dc2626}
table{border-collapse:collapse;width:100%;font-size:.9rem}td,th{border-top:1px solid #e5e7eb;padding:.3rem;text-align:start;vertical-align:top}
pre{background:#f9fafb;padding:.5rem;border-radius:6px;overflow:auto;font-size:.8rem;margin:0}summary{cursor:pointer;margin:.4rem 0}
</style></head><body><h1>${escapeHtml(document.info.title)}</h1><p>${escapeHtml(document.info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a></p>${sections}</body></html>`;
}
