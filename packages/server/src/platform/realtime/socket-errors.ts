import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';

/**
 * A client's fault: a frame the protocol or the size limit refuses (ws codes `WS_ERR_*`; ws has already
 * started closing the socket with the code that names it, 1009 too big, 1007 invalid UTF-8, 1002
 * protocol error), or a connection the client dropped.
 */
function clientFault(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' && (code.startsWith('WS_ERR_') || code === 'ECONNRESET' || code === 'EPIPE')
  );
}

/**
 * Errors on an open socket (@fastify/websocket's `errorHandler`). Its default logs each one as an error
 * and terminates the socket, so any client could fill the error log with one oversized or malformed
 * frame. A client's fault is logged at debug level and the socket closes the way ws began, with its
 * close code; anything else stays an error and the socket is terminated.
 */
export function socketErrorHandler(error: Error, socket: WebSocket, request: FastifyRequest): void {
  if (clientFault(error)) {
    request.log.debug({ err: error }, 'real-time: the client sent a frame the socket refuses');
    return;
  }
  request.log.error({ err: error }, 'real-time socket failed');
  socket.terminate();
}
