/**
 * /api/docs: a readable page rendered on the server from the OpenAPI document. It needs no
 * script (the CSP allows none inline) and no third-party host.
 */
interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  responses?: Record<string, { description?: string }>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

interface DocsInput {
  info: { title: string; version: string };
  paths?: object;
}

export function renderApiDocs(doc: DocsInput): string {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  const sections = Object.entries(paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => {
        const responses = Object.entries(op.responses ?? {})
          .map(([status, r]) => `<li><code>${escape(status)}</code> ${escape(r.description ?? "")}</li>`)
          .join("");
        const body = op.requestBody?.content?.["application/json"]?.schema;
        return `<section class="op">
  <h2><span class="method ${escape(method)}">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code></h2>
  <p>${escape(op.summary ?? "")}</p>${op.description ? `<p class="desc">${escape(op.description)}</p>` : ""}
  ${body ? `<details><summary>Request body (JSON)</summary><pre>${escape(JSON.stringify(body, null, 2))}</pre></details>` : ""}
  <ul>${responses}</ul>
</section>`;
      }),
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)} API</title><link rel="stylesheet" href="/api/docs.css"></head>
<body><main><h1>${escape(doc.info.title)} API <small>${escape(doc.info.version)}</small></h1>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>. Errors have the shape
<code>{"error":{"code","message","fields"}}</code>. Writes need the session cookie and a same-origin <code>Origin</code>.</p>
${sections}</main></body></html>`;
}

export const API_DOCS_CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#faf7f2;color:#111}
main{max-width:60rem;margin:0 auto;padding:2rem 1rem}h1 small{font-size:.5em;color:#555}
.op{background:#fff;border:2px solid #111;border-radius:.5rem;padding:1rem;margin:1rem 0}
.op h2{font-size:1.1rem;margin:0}.method{display:inline-block;min-width:4.5rem;padding:.1rem .4rem;border-radius:.25rem;background:#111;color:#fff;text-align:center}
.method.post{background:#b4235a}.desc{color:#333}pre{background:#f3f0ea;padding:.75rem;overflow:auto}code{font-size:.95em}`;
