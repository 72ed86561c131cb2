/**
 * Requests that Node's HTTP parser refuses before any route (or Fastify) sees them (issue 24, point 5): a bad
 * method, a bad request line, a length given twice (two Content-Length, or Content-Length with
 * Transfer-Encoding), a folded or NUL-holding header, headers over Node's 16 KiB, a body or headers that never
 * finish. Node then has no request or reply object, only the socket: the answer is written on it by hand, in
 * our documented error shape (`{ message }`, as every other error), and the connection is closed, since the
 * rest of what the client sent cannot be read as HTTP. Fastify's own handler answered
 * `{"error":"Bad Request","message":"Client Error","statusCode":400}`.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/** A parse error's status and words, by Node's error code (llhttp's `HPE_…`, Node's `ERR_HTTP_…`). */
const ANSWERS: Readonly<Record<string, readonly [number, string]>> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large: at most 16 KiB.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
  HPE_HEADERS_TIMEOUT: [408, 'The request took too long to arrive.'],
  HPE_INVALID_METHOD: [400, 'The request method is not an HTTP method.'],
  HPE_INVALID_VERSION: [400, 'The request line is not valid HTTP.'],
  HPE_INVALID_URL: [400, 'The request line is not valid HTTP.'],
  HPE_INVALID_CONSTANT: [400, 'The request line is not valid HTTP.'],
  HPE_UNEXPECTED_CONTENT_LENGTH: [400, 'The request gives its length twice: send one Content-Length.'],
  HPE_INVALID_TRANSFER_ENCODING: [400, 'The request gives its length twice: send Content-Length or Transfer-Encoding, not both.'],
  HPE_INVALID_CONTENT_LENGTH: [400, 'The request body does not match its length.'],
  HPE_INVALID_HEADER_TOKEN: [400, 'A request header is not valid HTTP (a folded line, a control character, or a bad name).'],
  HPE_INVALID_CHUNK_SIZE: [400, 'The request body is not valid chunked encoding.'],
};

const NOT_HTTP: readonly [number, string] = [400, 'The request is not valid HTTP.'];

/** The status and `{ message }` for a parse error with this code. */
export function clientErrorAnswer(code: string | undefined): { status: number; message: string } {
  const [status, message] = (code === undefined ? undefined : ANSWERS[code]) ?? NOT_HTTP;
  return { status, message };
}

/** The whole HTTP response for it, as bytes to write on the socket. */
export function clientErrorResponse(code: string | undefined): string {
  const { status, message } = clientErrorAnswer(code);
  const body = JSON.stringify({ message });
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'Connection: close\r\n\r\n' +
    body
  );
}

/** Fastify's `clientErrorHandler`: answers on the socket and closes it (nothing is written when the peer is gone). */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(clientErrorResponse(error.code));
}
