/**
 * Drains an HTTP/1.1 server with keep-alive clients: stop accepting, let requests in progress
 * finish, and close every connection once its last response is out.
 *
 * server.close() alone is not enough. It closes the connections idle at that instant, and under
 * load "idle" includes connections whose next request already sits unread in the socket buffer
 * or is on its way: those requests are reset. And a busy keep-alive connection goes on carrying
 * new requests, so close() never completes and the grace timer kills requests mid-flight.
 *
 * So: stop listening at once; from then on every response says `Connection: close` (Node ends the
 * socket after it), so each busy connection closes right after the request it is serving. A
 * connection is closed by us only when no response has been under way on it for QUIET_MS: its
 * client has had that long to send the request it was about to send, however slow the machine.
 * (No 'data' listener on the socket: the HTTP parser reads it directly, and a listener would
 * switch it to stream mode.)
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";

/** How long a keep-alive connection must stay quiet during a drain before it is closed. */
export const QUIET_MS = 1_000;
const SWEEP_MS = 100;

export interface Drainer {
  readonly draining: boolean;
  /** Starts draining; resolves once every connection is closed. */
  drain(): Promise<void>;
}

interface Connection {
  /** Responses started and not yet finished on this socket. */
  busy: number;
  lastActive: number;
}

export function drainable(server: Server): Drainer {
  let draining = false;
  const connections = new Map<Socket, Connection>();
  const open = new Set<ServerResponse>();
  server.on("connection", (socket: Socket) => {
    const connection: Connection = { busy: 0, lastActive: Date.now() };
    connections.set(socket, connection);
    socket.once("close", () => connections.delete(socket));
  });
  // Prepended, so it runs before the app's listener can write the response head.
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    if (draining) res.shouldKeepAlive = false;
    open.add(res);
    res.once("close", () => open.delete(res));
    const connection = connections.get(req.socket);
    if (!connection) return;
    connection.busy++;
    connection.lastActive = Date.now();
    res.once("close", () => {
      connection.busy--;
      connection.lastActive = Date.now();
    });
  });
  const closeQuiet = () => {
    const now = Date.now();
    for (const [socket, connection] of connections) {
      if (connection.busy === 0 && now - connection.lastActive >= QUIET_MS) socket.destroy();
    }
  };
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
      // Responses not yet begun will close their connection; streaming ones (media) end theirs
      // when the body is out, after which the connection is quiet and swept.
      for (const res of open) if (!res.headersSent) res.shouldKeepAlive = false;
      const sweep = setInterval(closeQuiet, SWEEP_MS);
      return new Promise<void>((resolve) => {
        // net.Server's close: stop accepting, and call back once every connection is gone.
        // (http.Server's close would also close every idle-looking connection right now.)
        NetServer.prototype.close.call(server, () => {
          clearInterval(sweep);
          resolve();
        });
      });
    },
  };
}
