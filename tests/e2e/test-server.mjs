// The OpenAI-compatible test server (tests/server/server.mjs) as the specs drive it: its address,
// the page link that points the playground at it, and its control API.

export const SERVER = `http://127.0.0.1:${process.env.E2E_SERVER_PORT || 4174}`;
export const ENDPOINT = `?v=1&endpoint=${encodeURIComponent(`${SERVER}/v1`)}&llm=rusty-lock-test&speed=instant`;

/**
 * Replaces the server's script: one entry per chat request to come (see server.mjs), and, when
 * `models` is given, one entry per request for the model list.
 */
export async function script(request, entries, models = undefined) {
  await request.post(`${SERVER}/__reset`);
  await request.post(`${SERVER}/__control`, { data: { script: entries, ...(models ? { models } : {}) } });
}

/** Every request for the model list since the last reset, oldest first. */
export async function modelRequests(request) {
  const log = await (await request.get(`${SERVER}/__log`)).json();
  return log.filter((r) => r.path.endsWith('/models') && r.method === 'GET');
}

/** Every chat request the server received since the last reset, oldest first. */
export async function chats(request) {
  const log = await (await request.get(`${SERVER}/__log`)).json();
  return log.filter((r) => r.path.endsWith('/chat/completions') && r.method === 'POST');
}
