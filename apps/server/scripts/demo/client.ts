import type { FastifyInstance } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A refused call: the method, path, status and the API's `detail`. */
export class ApiError extends Error {
  constructor(
    readonly method: Method,
    readonly url: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${method} ${url} answered ${status}: ${body.slice(0, 500)}`);
  }
}

/**
 * The demo's way into the partner API: `app.inject` with the headers a console session (bearer
 * token) or a kiosk (`X-API-Key`) sends, so every row comes from the same handlers, rules and
 * side effects a person or an integration goes through. Non-2xx answers throw `ApiError`.
 */
export class ApiClient {
  /** How many calls were made, for the summary. */
  calls = 0;

  constructor(
    private readonly app: FastifyInstance,
    private readonly headers: Record<string, string>,
  ) {}

  /** The same client with other credentials (say, the organization's API key). */
  as(headers: Record<string, string>): ApiClient {
    const c = new ApiClient(this.app, headers);
    c.calls = 0;
    return c;
  }

  /** Calls `method /api/<path>` with a JSON body and answers the parsed JSON answer. */
  async call<T>(method: Method, path: string, body?: object): Promise<T> {
    const url = `/api/${path.replace(/^\//, '')}`;
    this.calls++;
    const res = await this.app.inject({
      method,
      url,
      headers: { host: 'localhost', ...this.headers },
      ...(body === undefined ? {} : { payload: body }),
    });
    if (res.statusCode < 200 || res.statusCode >= 300)
      throw new ApiError(method, url, res.statusCode, res.body);
    return (res.body ? res.json() : undefined) as T;
  }

  get<T>(path: string): Promise<T> {
    return this.call<T>('GET', path);
  }
  post<T>(path: string, body: object = {}): Promise<T> {
    return this.call<T>('POST', path, body);
  }
  put<T>(path: string, body: object): Promise<T> {
    return this.call<T>('PUT', path, body);
  }
  patch<T>(path: string, body: object = {}): Promise<T> {
    return this.call<T>('PATCH', path, body);
  }
}
