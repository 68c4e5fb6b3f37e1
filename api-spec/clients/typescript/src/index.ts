/**
 * The Rummy backend's official TypeScript client.
 *
 * `schema.d.ts` is what openapi-typescript generates from api-spec/openapi.json
 * (`npm run generate`, never edited by hand); openapi-fetch makes typed calls of
 * it. This layer adds what a generator cannot: every refusal thrown as a
 * `ProblemError` whatever its code, and `follow`, the live channel resumed after
 * any drop and ended at the game's end.
 */
import createFetchClient, { type Client, type Middleware } from "openapi-fetch";
import type { components, paths } from "./schema.js";

export type { components, paths } from "./schema.js";
export type Schemas = components["schemas"];
/** An event envelope as the server sends it; an event type this client does not know passes through. */
export type Envelope = Schemas["Envelope"] | (Record<string, unknown> & { version: number });

/** A problem body (RFC 9457) as it reached the client: any field may be missing. */
export interface Problem {
  status?: number;
  code?: string;
  title?: string;
  detail?: string;
  facts?: unknown;
}

/** The server refused: switch on `code` (a string: a newer server's codes never break an older client). */
export class ProblemError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly detail: string;
  readonly facts: Record<string, unknown>;
  readonly retryAfterS: number | null;

  constructor(problem: Problem, retryAfterS: number | null = null) {
    const code = String(problem.code ?? "unknown");
    super(`${problem.status ?? 0} ${code}${problem.detail ? `: ${problem.detail}` : ""}`);
    this.name = "ProblemError";
    this.status = Number(problem.status ?? 0);
    this.code = code;
    this.title = String(problem.title ?? "");
    this.detail = String(problem.detail ?? "");
    this.facts = (problem.facts && typeof problem.facts === "object" ? problem.facts : {}) as Record<string, unknown>;
    this.retryAfterS = retryAfterS;
  }
}

const throwProblems: Middleware = {
  async onResponse({ response }) {
    if (response.status < 400) return undefined;
    let problem: Record<string, unknown> = {};
    try {
      const body: unknown = await response.clone().json();
      if (body && typeof body === "object") problem = body as Record<string, unknown>;
    } catch {
      // Not JSON (a proxy's page): the status says enough.
    }
    const retryAfter = response.headers.get("retry-after");
    throw new ProblemError(
      { status: response.status, code: "unknown", title: response.statusText, ...problem } as Problem,
      retryAfter === null || Number.isNaN(Number(retryAfter)) ? null : Number(retryAfter),
    );
  },
};

export type RummyClient = Client<paths> & { readonly baseUrl: string; readonly token: string | null };

/**
 * A client of the server at `baseUrl`, acting with `token` (a seat's or a player's) when given.
 * Every refusal throws a `ProblemError`; successful answers are typed by the contract.
 */
export function createClient(baseUrl: string, token: string | null = null, fetchImpl?: typeof fetch): RummyClient {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const client = createFetchClient<paths>({ baseUrl, headers, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
  client.use(throwProblems);
  return Object.assign(client, { baseUrl, token });
}

type LiveMessage =
  | { type: "event"; envelope: Envelope }
  | { type: "end"; version: number }
  | { type: "error"; problem: Problem }
  | { type: string };

// Refusals another try may not get: a ticket that expired before the socket opened.
const RETRYABLE = new Set(["invalid_ticket", "store_unavailable"]);
/** Whether another try may be answered: a ticket gone stale, the server busy or restarting, the network. */
const retryable = (problem: ProblemError) =>
  RETRYABLE.has(problem.code) || problem.status === 0 || problem.status === 429 || problem.status >= 500;
// Connections that never opened, in a row, before the long poll takes over: something on
// the way (a proxy) refuses WebSockets.
const POLL_AFTER_FAILURES = 2;
// The long poll's wait for a first event, in s (the server allows up to 30).
const POLL_WAIT_S = 25;

export interface FollowOptions {
  /** Deliver the events after this version (0: from the start). */
  after?: number;
  /** Drops in a row, without an event between them, before giving up. */
  maxFailures?: number;
  /** The first wait between tries, in ms; it doubles up to 5 s. */
  backoffMs?: number;
  /** A WebSocket constructor, where the platform has none of its own. */
  WebSocketImpl?: typeof WebSocket;
  /** A private table's code, for a spectator (a client with no token). */
  invite?: string | null;
  /** Stops following: the connection closes and the generator returns. */
  signal?: AbortSignal;
  /** Told each time a connection opens (or a long poll answers) and each time one drops, before the wait to try again. */
  onConnection?: (state: "open" | "dropped") => void;
}

/**
 * Every event of `gameId` the client may see, once each and in order, from `after` to the
 * game's last event; after any drop (network, a server restart's 1012, an expired ticket)
 * it asks for a fresh ticket and resumes after the last version it yielded. Where no
 * WebSocket ever opens (a proxy that refuses upgrades), the long poll `GET /events` takes over.
 */
export async function* follow(client: RummyClient, gameId: string, options: FollowOptions = {}): AsyncGenerator<Envelope> {
  const { signal, onConnection } = options;
  let last = options.after ?? 0;
  let failures = 0;
  let opened = false;
  const maxFailures = options.maxFailures ?? 10;
  const backoffMs = options.backoffMs ?? 200;
  const onOpen = () => {
    opened = true;
    onConnection?.("open");
  };
  while (!signal?.aborted) {
    let outcome: "end" | "dropped" = "dropped";
    try {
      const source =
        !opened && failures >= POLL_AFTER_FAILURES
          ? polled(client, gameId, last, options, onOpen)
          : live(client, gameId, last, options, onOpen);
      for await (const message of source) {
        if (message.type === "event" && "envelope" in message) {
          if (message.envelope.version <= last) continue;
          last = message.envelope.version;
          failures = 0;
          yield message.envelope;
        } else if (message.type === "end") {
          outcome = "end";
          break;
        } else if (message.type === "error" && "problem" in message) {
          const problem = new ProblemError(message.problem);
          if (!retryable(problem)) throw problem;
          break;
        }
        // A message type this client does not know: a newer server's; passed over.
      }
    } catch (error) {
      if (signal?.aborted) return;
      if (error instanceof ProblemError && !retryable(error)) throw error;
    }
    if (outcome === "end" || signal?.aborted) return;
    failures += 1;
    onConnection?.("dropped");
    if (failures >= maxFailures) throw new ProblemError({ status: 0, code: "connection_lost", detail: `after ${failures} tries` });
    await sleep(Math.min(backoffMs * 2 ** (failures - 1), 5000), signal);
  }
}

/** One WebSocket connection to `/games/{id}/live` from `after` on: a fresh ticket for a token, never the token itself. */
async function* live(client: RummyClient, gameId: string, after: number, options: FollowOptions, onOpen: () => void): AsyncGenerator<LiveMessage> {
  const hello: Record<string, unknown> = { after };
  if (client.token) {
    const { data } = await client.POST("/games/{game_id}/tickets", { params: { path: { game_id: gameId } }, signal: options.signal });
    hello.ticket = data?.ticket;
  } else if (options.invite) {
    hello.invite = options.invite;
  }
  const url = client.baseUrl.replace(/^http/, "ws").replace(/\/$/, "") + `/games/${encodeURIComponent(gameId)}/live`;
  yield* messages(url, hello, options.WebSocketImpl ?? WebSocket, onOpen, options.signal);
}

/** The long poll: pages of `/games/{id}/events` from `after` on, as the live channel's messages. */
async function* polled(client: RummyClient, gameId: string, after: number, options: FollowOptions, onOpen: () => void): AsyncGenerator<LiveMessage> {
  for (let first = true; ; first = false) {
    const query = { after, wait: POLL_WAIT_S, ...(options.invite && !client.token ? { invite: options.invite } : {}) };
    const { data } = await client.GET("/games/{game_id}/events", { params: { path: { game_id: gameId }, query }, signal: options.signal });
    if (!data) return;
    if (first) onOpen();
    for (const envelope of data.events) yield { type: "event", envelope };
    after = data.next_after;
    if (data.ended) {
      yield { type: "end", version: after };
      return;
    }
  }
}

/** Waits `ms`, or less: resolves at once when `signal` aborts. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}

/** The messages of one WebSocket connection, ending when it closes. */
async function* messages(
  url: string,
  hello: Record<string, unknown>,
  WebSocketImpl: typeof WebSocket,
  onOpen: () => void,
  signal?: AbortSignal,
): AsyncGenerator<LiveMessage> {
  if (signal?.aborted) return;
  const socket = new WebSocketImpl(url);
  const queue: LiveMessage[] = [];
  let closed = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  socket.onopen = () => {
    onOpen();
    socket.send(JSON.stringify(hello));
  };
  socket.onmessage = (event) => {
    try {
      queue.push(JSON.parse(String(event.data)) as LiveMessage);
    } catch {
      // Not JSON: nothing this client can read; passed over.
    }
    notify();
  };
  socket.onclose = () => {
    closed = true;
    notify();
  };
  socket.onerror = () => {
    closed = true;
    notify();
  };
  const leave = () => socket.close(1000);
  signal?.addEventListener("abort", leave, { once: true });
  try {
    for (;;) {
      const next = queue.shift();
      if (next) {
        yield next;
        continue;
      }
      if (closed) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    signal?.removeEventListener("abort", leave);
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close();
  }
}
