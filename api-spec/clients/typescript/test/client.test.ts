/**
 * The official TypeScript client against a real `rummy serve` (RUMMY_URL): a whole game
 * against a bot, followed live through two cut connections, its log exported and imported;
 * and a code this client does not know kept, never a crash. No HTTP written by hand.
 */
import assert from "node:assert/strict";
import net from "node:net";
import { test } from "node:test";
import { ProblemError, createClient, follow, type RummyClient, type components } from "../src/index.js";

const BASE = process.env.RUMMY_URL ?? "http://127.0.0.1:8000";

/** A one-hand game, seat 0 to the caller, against a bot (level 1: its hands are long, for
 * a follower to be cut twice before the end; level 3: the hand is short). */
async function newGameAgainstABot(level = 1): Promise<{ gameId: string; token: string }> {
  const anyone = createClient(BASE);
  const { data } = await anyone.POST("/games", {
    body: { seats: [{ kind: "human" }, { kind: "bot", level }], rules: { game_end: "hands:1" } },
  });
  assert.ok(data);
  return { gameId: data.game_id, token: data.tokens["0"]! };
}

/** Seat 0 plays from its legal commands (a meld when it can, else the last) to the game's end. */
async function playToTheEnd(seat: RummyClient, gameId: string): Promise<number> {
  const path = { params: { path: { game_id: gameId } } };
  for (let step = 0; step < 2000; step++) {
    const { data: summary } = await seat.GET("/games/{game_id}", path);
    assert.ok(summary);
    if (summary.status === "finished") return summary.version;
    const { data: view } = await seat.GET("/games/{game_id}/view", path);
    assert.ok(view);
    if (view.turn !== 0 || view.legal_commands.length === 0) {
      await seat.GET("/games/{game_id}/events", { params: { path: { game_id: gameId }, query: { after: view.version, wait: 10 } } });
      continue;
    }
    const meld = view.legal_commands.find((command) => command.type === "lay_melds");
    const command = meld ?? view.legal_commands[view.legal_commands.length - 1]!;
    await pastTheRateLimit(() => seat.POST("/games/{game_id}/commands", { ...path, body: { ...command, expected_version: view.version } }));
  }
  throw new Error("the game did not end");
}

/** What `send` answers once the address's command budget lets it through: a client plays
 * within the server's rate limit, waiting when told to, and the games this file played
 * just before may have spent this second's budget. */
async function pastTheRateLimit<T>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof ProblemError && error.code === "rate_limited")) throw error;
      await new Promise((resolve) => setTimeout(resolve, (error.retryAfterS ?? 1) * 1000));
    }
  }
  throw new Error("still rate limited after 20 tries");
}

/** A TCP proxy on 127.0.0.1 whose connections the test cuts, as a network drop would. */
async function cutProxy(upstream: string): Promise<{ url: string; cut: () => void; close: () => void; cuts: () => number }> {
  const target = new URL(upstream);
  const open = new Set<net.Socket>();
  let cuts = 0;
  const server = net.createServer((client) => {
    const server = net.connect(Number(target.port), target.hostname);
    open.add(client).add(server);
    client.pipe(server).pipe(client);
    for (const each of [client, server]) {
      each.on("error", () => {});
      each.on("close", () => { client.destroy(); server.destroy(); open.delete(each); });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  const cut = () => { cuts += 1; for (const each of open) each.destroy(); open.clear(); };
  return { url: `http://127.0.0.1:${port}`, cut, close: () => { cut(); server.close(); }, cuts: () => cuts };
}

test("a whole game against a bot, followed live through two drops, its log moved", async () => {
  const { gameId, token } = await newGameAgainstABot();
  const proxy = await cutProxy(BASE);
  const seen: number[] = [];
  try {
    const watching = (async () => {
      for await (const envelope of follow(createClient(proxy.url, token), gameId)) {
        seen.push(envelope.version);
        if (seen.length === 5 || seen.length === 25) proxy.cut();
      }
    })();
    const last = await playToTheEnd(createClient(BASE, token), gameId);
    await watching;
    assert.equal(proxy.cuts(), 2);
    assert.deepEqual(seen, Array.from({ length: last }, (_, index) => index + 1));

    const seat = createClient(BASE, token);
    const { data: log } = await seat.GET("/games/{game_id}/log", { params: { path: { game_id: gameId }, query: { format: "json" } }, parseAs: "json" });
    assert.ok(log);
    const { data: imported } = await createClient(BASE).POST("/games/import", { body: log as never });
    assert.ok(imported);
    const { data: copy } = await createClient(BASE).GET("/games/{game_id}", { params: { path: { game_id: imported.game_id } } });
    assert.equal(copy?.version, last);
    assert.equal(copy?.status, "finished");
  } finally {
    proxy.close();
  }
});

test("a refusal is a ProblemError with its code and facts", async () => {
  const { gameId, token } = await newGameAgainstABot();
  await assert.rejects(
    pastTheRateLimit(() => createClient(BASE, token).POST("/games/{game_id}/commands", { params: { path: { game_id: gameId } }, body: { type: "draw", expected_version: 999 } })),
    (error: unknown) => error instanceof ProblemError && error.status === 409 && error.code === "version_conflict" && Number(error.facts.current_version) >= 2,
  );
});

test("a code this client does not know is kept, not a crash", async () => {
  const teapot = async () => new Response(JSON.stringify({ status: 418, code: "tea_time", facts: { cups: 2 } }), {
    status: 418, headers: { "content-type": "application/problem+json", "retry-after": "3" },
  });
  await assert.rejects(
    createClient(BASE, null, teapot).GET("/rulesets"),
    (error: unknown) => error instanceof ProblemError && error.code === "tea_time" && error.facts.cups === 2 && error.retryAfterS === 3,
  );
});

test("a refusal's code is one of its operation's, its fixed facts typed", async () => {
  const { gameId, token } = await newGameAgainstABot();
  const seat = createClient(BASE, token);
  const body = { type: "draw" as const, expected_version: 999 };
  const refused = await pastTheRateLimit(() => seat.POST("/games/{game_id}/commands", { params: { path: { game_id: gameId } }, body }))
    .catch((error: unknown) => error);
  assert.ok(refused instanceof ProblemError);
  const code: components["schemas"]["PostCommandProblemCode"] = "version_conflict";
  assert.equal(refused.code, code);
  // The schema's own fields, and a fact a newer server may add, both fit the type.
  const facts: components["schemas"]["VersionConflictFacts"] = { ...refused.facts } as never;
  const later: components["schemas"]["VersionConflictFacts"] = { ...facts, added_later: 1 };
  assert.equal(later.expected_version, 999);
  assert.ok(later.current_version >= 2);
  // @ts-expect-error: /health answers no version conflict (tsc fails if this compiles).
  const never: components["schemas"]["GetHealthProblemCode"] = "version_conflict";
  assert.ok(never);
});

/** A WebSocket that never opens, as behind a proxy that refuses upgrades. */
class RefusedSocket {
  readonly OPEN = 1;
  readonly CONNECTING = 0;
  readyState = 3;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: (() => void) | null = null;
  constructor() {
    setTimeout(() => this.onclose?.(), 0);
  }
  send(): void {}
  close(): void {}
}

test("where no WebSocket opens the long poll follows to the end; a signal stops following", async () => {
  const { gameId, token } = await newGameAgainstABot(3);
  const states: string[] = [];
  const seen: number[] = [];
  const options = { WebSocketImpl: RefusedSocket as unknown as typeof WebSocket, backoffMs: 10, onConnection: (state: string) => states.push(state) };
  const watching = (async () => {
    for await (const envelope of follow(createClient(BASE, token), gameId, options)) seen.push(envelope.version);
  })();
  const last = await playToTheEnd(createClient(BASE, token), gameId);
  await watching;
  assert.deepEqual(seen, Array.from({ length: last }, (_, index) => index + 1));
  assert.deepEqual(states.slice(0, 3), ["dropped", "dropped", "open"]);

  const other = await newGameAgainstABot();
  const stop = new AbortController();
  let stopped = 0;
  for await (const envelope of follow(createClient(BASE, other.token), other.gameId, { signal: stop.signal })) {
    stopped = envelope.version;
    stop.abort();
  }
  assert.ok(stopped >= 1);
});
