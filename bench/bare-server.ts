/**
 * The ceiling: a bare node:http server, in its own process, answering each path with bytes
 * recorded from the real app (same status, headers and body), prebuilt once.
 *
 * Protocol: the parent sends { type: "set", responses }, the child answers { port } once
 * listening and { ok: true } after each later "set"; { type: "exit" } stops it.
 */
import { createServer } from "node:http";

export interface RecordedResponse {
  status: number;
  headers: [string, string][];
  /** base64 of the body bytes. */
  body: string;
}

export type BareMessage = { type: "set"; responses: Record<string, RecordedResponse> } | { type: "exit" };

interface Prebuilt {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

let table = new Map<string, Prebuilt>();

function prebuild(responses: Record<string, RecordedResponse>): Map<string, Prebuilt> {
  return new Map(
    Object.entries(responses).map(([path, r]) => {
      const body = Buffer.from(r.body, "base64");
      const headers = Object.fromEntries(r.headers);
      headers["content-length"] = String(body.length);
      return [path, { status: r.status, headers, body }];
    }),
  );
}

const server = createServer((req, res) => {
  const hit = table.get(req.url ?? "");
  if (!hit) {
    res.writeHead(404, { "content-length": "0" });
    res.end();
    return;
  }
  res.writeHead(hit.status, hit.headers);
  res.end(hit.body);
});

let listening = false;
process.on("message", (message: BareMessage) => {
  if (message.type === "exit") {
    server.close();
    server.closeAllConnections();
    process.disconnect();
    return;
  }
  table = prebuild(message.responses);
  if (listening) {
    process.send!({ ok: true });
    return;
  }
  server.listen(0, "127.0.0.1", () => {
    listening = true;
    const address = server.address();
    process.send!({ port: typeof address === "object" && address ? address.port : 0 });
  });
});
