// express 4, compression and morgan ship no types and @types/* are not installed: the web server
// uses a handful of their calls, typed loosely here.
declare module "express" {
  import type { IncomingMessage, ServerResponse } from "node:http";
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Any = any;
  interface ExpressFn {
    (): Express;
    static(root: string, options?: Record<string, unknown>): Any;
  }
  export interface Express {
    disable(name: string): void;
    set(name: string, value: unknown): void;
    use(...handlers: Any[]): void;
    all(path: string, handler: Any): void;
    get(path: string, handler: Any): void;
    listen(port: number, host?: string): import("node:http").Server;
  }
  export interface Request extends IncomingMessage {
    originalUrl: string;
    url: string;
    /** The client's address after the "trust proxy" setting. */
    ip: string | undefined;
    method: string;
    path: string;
    protocol: string;
    query: Record<string, unknown>;
    get(name: string): string | undefined;
  }
  export interface Response extends ServerResponse {
    status(code: number): Response;
    append(name: string, value: string): Response;
    type(contentType: string): Response;
    send(body: string): Response;
    flush?: () => void;
  }
  const express: ExpressFn;
  export default express;
}
declare module "compression" {
  const compression: () => unknown;
  export default compression;
}
declare module "morgan" {
  interface Morgan {
    (format: string): unknown;
    token(name: string, fn: (req: import("express").Request) => string): void;
  }
  const morgan: Morgan;
  export default morgan;
}
