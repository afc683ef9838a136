import type { ApiErrorBody, ValidationErrorItem } from '@closia/shared';

/** Base of every API call (spec §7): the site origin plus `/api/v1`. */
export const API_BASE = '/api/v1';

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A failed API call: the HTTP status and the server's error envelope (spec §8). Status 0 = network error. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly errors: ValidationErrorItem[] | undefined;
  /** Why, when the server says (`error-reasons.ts`): what the web words in French. */
  readonly reason: string | undefined;
  /** Figures the caller acts on (a 402 `E_PLAN_LIMIT`: the limit and the plan that lifts it). */
  readonly meta: Record<string, unknown> | undefined;

  constructor(status: number, body: Partial<ApiErrorBody> & { message: string }) {
    super(body.message);
    this.status = status;
    this.code = body.code ?? (status === 0 ? 'E_NETWORK' : `E_HTTP_${status}`);
    this.errors = body.errors;
    this.reason = body.reason;
    this.meta = body.meta;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A write refused by the user's plan (402 `E_PLAN_LIMIT`): its message is the server's French sentence. */
export const isPlanLimit = (error: unknown): boolean => isApiError(error) && error.code === 'E_PLAN_LIMIT';

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) return decodeURIComponent(trimmed.slice(prefix.length));
  }
  return null;
}

let csrfRequest: Promise<void> | null = null;

/** `GET /csrf` sets the readable `XSRF-TOKEN` cookie; concurrent callers share one request. */
function fetchCsrfCookie(): Promise<void> {
  csrfRequest ??= fetch(`${API_BASE}/csrf`, { credentials: 'include' })
    .then(() => undefined)
    .finally(() => {
      csrfRequest = null;
    });
  return csrfRequest;
}

async function csrfToken(): Promise<string | null> {
  let token = readCookie(XSRF_COOKIE);
  if (!token) {
    await fetchCsrfCookie();
    token = readCookie(XSRF_COOKIE);
  }
  return token;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialised unless it is a FormData (multipart uploads). */
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

function buildUrl(path: string, query?: Query): string {
  const url = path.startsWith('/api/') ? path : `${API_BASE}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (proxy error page, empty body): fall back to the status text.
  }
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return new ApiError(response.status, body as ApiErrorBody);
  }
  return new ApiError(response.status, {
    message: response.statusText || `Request failed with status ${response.status}`,
  });
}

/**
 * One call to the API: cookies included, JSON in and out, CSRF header on unsafe methods.
 * Resolves with the parsed body (`undefined` for 204); rejects with an `ApiError`.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await send<T>(path, options);
  } catch (error) {
    // A stale or rotated CSRF cookie: fetch a fresh one and retry once.
    if (isApiError(error) && error.code === 'E_BAD_CSRF_TOKEN') {
      await fetchCsrfCookie().catch(() => undefined);
      return send<T>(path, options);
    }
    throw error;
  }
}

async function send<T>(path: string, options: RequestOptions): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (!SAFE_METHODS.has(method)) {
    try {
      const token = await csrfToken();
      if (token) headers[XSRF_HEADER] = token;
    } catch (error) {
      throw new ApiError(0, { message: error instanceof Error ? error.message : String(error) });
    }
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // Network error: keep its message (spec §8).
    throw new ApiError(0, { message: error instanceof Error ? error.message : String(error) });
  }

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
