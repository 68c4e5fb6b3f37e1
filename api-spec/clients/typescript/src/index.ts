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

/** The server refused: switch on `code` (a string: a newer server's codes never break an older client). */
export class ProblemError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly facts: Record<string, unknown>;
  readonly retryAfterS: number | null;

  constructor(problem: { status?: number; code?: string; detail?: string; facts?: unknown }, retryAfterS: number | null = null) {
    const code = String(problem.code ?? "unknown");
    super(`${problem.status ?? 0} ${code}${problem.detail ? `: ${problem.detail}` : ""}`);
    this.name = "ProblemError";
    this.status = Number(problem.status ?? 0);
    this.code = code;
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
      { status: response.status, code: "unknown", ...problem } as { status: number; code: string },
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
  | { type: "error"; problem: { status?: number; code?: string; detail?: string; facts?: unknown } }
  | { type: string };

// Refusals another try may not get: a ticket that expired before the socket opened.
const RETRYABLE = new Set(["invalid_ticket", "store_unavailable"]);

export interface FollowOptions {
  /** Deliver the events after this version (0: from the start). */
  after?: number;
  /** Drops in a row, without an event between them, before giving up. */
  maxFailures?: number;
  /** The first wait between tries, in ms; it doubles up to 5 s. */
  backoffMs?: number;
  /** A WebSocket constructor, where the platform has none of its own. */
  WebSocketImpl?: typeof WebSocket;
}

/**
 * Every event of `gameId` the client may see, once each and in order, from `after` to the
 * game's last event; after any drop (network, a server restart's 1012, an expired ticket)
 * it asks for a fresh ticket and resumes after the last version it yielded.
 */
export async function* follow(client: RummyClient, gameId: string, options: FollowOptions = {}): AsyncGenerator<Envelope> {
  let last = options.after ?? 0;
  let failures = 0;
  const maxFailures = options.maxFailures ?? 10;
  const backoffMs = options.backoffMs ?? 200;
  for (;;) {
    let outcome: "end" | "dropped";
    try {
      const hello: Record<string, unknown> = { after: last };
      if (client.token) {
        const { data } = await client.POST("/games/{game_id}/tickets", { params: { path: { game_id: gameId } } });
        hello.ticket = data?.ticket;
      }
      const url = client.baseUrl.replace(/^http/, "ws").replace(/\/$/, "") + `/games/${gameId}/live`;
      outcome = "dropped";
      for await (const message of messages(url, hello, options.WebSocketImpl ?? WebSocket)) {
        if (message.type === "event" && "envelope" in message) {
          if (message.envelope.version <= last) continue;
          last = message.envelope.version;
          failures = 0;
          yield message.envelope;
        } else if (message.type === "end") {
          outcome = "end";
          break;
        } else if (message.type === "error" && "problem" in message) {
          if (!RETRYABLE.has(String(message.problem.code))) throw new ProblemError(message.problem);
          break;
        }
        // A message type this client does not know: a newer server's; passed over.
      }
    } catch (error) {
      if (error instanceof ProblemError && !RETRYABLE.has(error.code)) throw error;
      outcome = "dropped";
    }
    if (outcome === "end") return;
    failures += 1;
    if (failures >= maxFailures) throw new ProblemError({ status: 0, code: "connection_lost", detail: `after ${failures} tries` });
    await new Promise((resolve) => setTimeout(resolve, Math.min(backoffMs * 2 ** (failures - 1), 5000)));
  }
}

/** The messages of one WebSocket connection, ending when it closes. */
async function* messages(url: string, hello: Record<string, unknown>, WebSocketImpl: typeof WebSocket): AsyncGenerator<LiveMessage> {
  const socket = new WebSocketImpl(url);
  const queue: LiveMessage[] = [];
  let closed = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  socket.onopen = () => socket.send(JSON.stringify(hello));
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
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close();
  }
}
