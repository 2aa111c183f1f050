// An OpenAI-compatible test server for the browser tests: it plays the temple adventure over real
// HTTP, the way the engine's built-in "helpful" model does, and breaks on command.
//
// Plain Node.js 20, no packages. Start it with:
//
//   PORT=4174 node tests/server/server.mjs        (PORT defaults to 4174, HOST to 127.0.0.1)
//
// The API the page talks to:
//
//   POST /v1/chat/completions   (also /chat/completions) the next move, read from the messages;
//                               streamed as Server-Sent Events when the request has "stream": true
//   GET  /v1/models             (also /models) one model
//
// The control API the tests talk to (never logged, always CORS-enabled):
//
//   POST /__control  {"script": [entry, ...], "models": [entry, ...], "cors": true|false}
//                    replaces the script: one entry per incoming chat request, in order; once the
//                    script is used up, requests are answered normally. "models", if given,
//                    replaces the model list's own script the same way: one entry per GET of
//                    /v1/models, of the kinds marked (models) below. "cors": false drops the
//                    CORS headers from every answer, preflights included, until the next reset.
//   GET  /__log      every request received since the last reset, oldest first
//   POST /__reset    clears the script and the log, restores CORS, and cuts any hanging answer
//   GET  /__health   "ok", for a readiness check
//
// Script entries ("delayMs" may be added to any of them and is waited first):
//
//   "ok"                                    answer normally (streamed if the request asks)  (models)
//   {"status": 429, "retryAfter": "2"}      (models) an error status with an OpenAI-style JSON body; also
//                                           "retryAfterMs", "shouldRetry" (x-should-retry),
//                                           "headers" {name: value}, "message", and "echoKey": true
//                                           to put the request's full key in the error message
//   {"hang": true}                          (models) never answer (the connection stays open)
//   {"delayMs": 1500}                       answer normally after a pause
//   {"body": "...", "contentType": "..."}   (models) send this body as it is (status 200 unless "status")
//   {"stream": "ok"}                        stream the normal answer, even if not asked to
//   {"stream": "drop"}                      stream part of it, then destroy the socket
//   {"stream": "truncated"}                 stream all of it but "data: [DONE]", then end cleanly
//   {"stream": "malformed"}                 a good chunk, then a data line that is not JSON
//   {"stream": "stall"}                     one chunk, then nothing; "keepAliveMs": n sends a
//                                           ": ping" comment every n ms meanwhile
//   {"cors": false}                         (models) answer normally but without CORS headers, so the
//                                           browser refuses to hand the answer to the page
//   {"shape": name}                         the normal answer, bent the way real servers bend it,
//                                           streamed or not as the request asks (see SHAPES);
//                                           several at once as "name,name"
//
// Streams are written in small slices ("sliceBytes", default 23) with a pause between them
// ("chunkMs", default 5), so events, lines and characters arrive cut in arbitrary places, and a
// keep-alive comment is slipped in along the way.
//
// Each log record: {method, path, timeMs, hasAuthorization, authorization, origin, stream,
// messages, entry, body}. "authorization" is the full header value, so a test can check which key
// was sent; "entry" is the script entry that answered (null when none was used).

import http from 'node:http';

const PORT = Number(process.env.PORT || 4174);
const HOST = process.env.HOST || '127.0.0.1';
const MODEL = process.env.MODEL || 'rusty-lock-test';
const MAX_REQUEST_BYTES = 5 * 1024 * 1024;

// What the built-in model says and does; kept in step with engine/src/builtin.rs so a run over
// HTTP reads like a run on the built-in model.
const ERROR_PREFIX = 'Error: ';
const FINAL_ANSWER = 'The temple door is open. The lock was rusted, so I oiled it, and then the key turned.';

let script = [];
let modelsScript = [];
let corsOn = true;
let log = [];
/** Answers left open on purpose (hang, stall), cut on reset. */
const open = new Set();

// ------------------------------------------------------------------------------------------------
// The model
// ------------------------------------------------------------------------------------------------

/** What the history shows has been achieved. Only successful tool results count. */
function readProgress(messages) {
  const progress = { looked: false, sawRust: false, oiled: false, open: false };
  const results = new Map();
  for (const m of messages) {
    if (m && m.role === 'tool' && typeof m.tool_call_id === 'string') {
      results.set(m.tool_call_id, typeof m.content === 'string' ? m.content : '');
    }
  }
  for (const m of messages) {
    for (const call of (m && Array.isArray(m.tool_calls) ? m.tool_calls : [])) {
      if (!call || !results.has(call.id)) continue;
      const result = results.get(call.id);
      const failed = result.startsWith(ERROR_PREFIX);
      const name = call.function && call.function.name;
      if (name === 'look_at' && !failed) {
        progress.looked = true;
      } else if (name === 'use' && !failed) {
        let args = {};
        try { args = JSON.parse(call.function.arguments) || {}; } catch { args = {}; }
        if (args.item === 'oil_can' && args.target === 'lock') progress.oiled = true;
        else if (args.item === 'key' && result.includes('open')) progress.open = true;
      } else if (name === 'use' && failed && result.includes('rust')) {
        progress.sawRust = true;
        progress.looked = true;
      }
    }
  }
  return progress;
}

function lastError(messages) {
  const last = messages[messages.length - 1];
  if (!last || last.role !== 'tool') return 'none';
  const text = typeof last.content === 'string' ? last.content : '';
  if (!text.startsWith(ERROR_PREFIX)) return 'none';
  if (text.includes('no tool called')) return 'unknown-tool';
  if (text.includes('JSON') || text.includes('field') || text.includes('must be')) return 'bad-arguments';
  return 'other';
}

/** The next assistant message: the helpful model's whole mind. */
function decide(messages) {
  const progress = readProgress(messages);
  const turn = messages.filter((m) => m && m.role === 'assistant').length + 1;
  if (progress.open) {
    return { role: 'assistant', content: FINAL_ANSWER };
  }
  let thought, name, args;
  if (!progress.looked) {
    [thought, name, args] = ['I should look at the door first.', 'look_at', '{"target":"door"}'];
  } else if (progress.sawRust && !progress.oiled) {
    [thought, name, args] = ["The lock is rusted. I'll oil it before trying the key again.", 'use',
      '{"item":"oil_can","target":"lock"}'];
  } else if (progress.oiled) {
    [thought, name, args] = ['The lock is oiled now. Trying the key.', 'use', '{"item":"key","target":"door"}'];
  } else {
    [thought, name, args] = ["The door is shut. I'll try my key on it.", 'use', '{"item":"key","target":"door"}'];
  }
  const error = lastError(messages);
  if (error === 'unknown-tool') thought = `That tool does not exist. I'll call ${name} instead.`;
  if (error === 'bad-arguments') thought = `My arguments were wrong. Calling ${name} again, corrected.`;
  return {
    role: 'assistant',
    content: thought,
    tool_calls: [{ id: `call_${turn}`, type: 'function', function: { name, arguments: args } }],
  };
}

function estimateTokens(messages) {
  let chars = 0;
  for (const m of messages) {
    chars += (typeof m?.content === 'string' ? m.content.length : 0) + 4;
    for (const c of (Array.isArray(m?.tool_calls) ? m.tool_calls : [])) {
      chars += (c?.function?.name?.length || 0) + (c?.function?.arguments?.length || 0);
    }
  }
  return Math.ceil(chars / 4);
}

let counter = 0;

function completion(request) {
  const messages = Array.isArray(request.messages) ? request.messages : [];
  const message = decide(messages);
  const prompt = estimateTokens(messages);
  const done = estimateTokens([message]);
  return {
    id: `chatcmpl-test-${++counter}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: request.model || MODEL,
    choices: [{ index: 0, message, finish_reason: message.tool_calls ? 'tool_calls' : 'stop' }],
    usage: { prompt_tokens: prompt, completion_tokens: done, total_tokens: prompt + done },
  };
}

// ------------------------------------------------------------------------------------------------
// Shapes: replies as real servers send them, protocol bends included
// ------------------------------------------------------------------------------------------------

/** One megabyte without a single space: what freezes a page that lays it out whole. */
const UNBROKEN = 'A'.repeat(1024 * 1024);

/**
 * Each shape rewrites the normal answer (a plain completion object) and may set `stream` options
 * that change how it is streamed: `usageChunk` (usage in a last chunk with no choices, as with
 * OpenAI's stream_options.include_usage), `reasoning` (reasoning deltas before the text),
 * `scramble` (tool-call pieces out of index order, the id only on each call's first piece).
 */
const SHAPES = {
  // Tool calls, but finish_reason "stop" (Ollama before its fix, some vLLM versions).
  'tools-with-stop': (a) => { a.choices[0].finish_reason = 'stop'; },
  // Cut at the token limit in the middle of a sentence, with no tool call.
  'cut-at-length': (a) => {
    a.choices[0].message = { role: 'assistant', content: 'I will look and' };
    a.choices[0].finish_reason = 'length';
  },
  // Cut at the token limit in the middle of a tool call's arguments.
  'args-cut-at-length': (a) => {
    const call = a.choices[0].message.tool_calls[0];
    call.function.arguments = call.function.arguments.slice(0, Math.floor(call.function.arguments.length / 2));
    a.choices[0].finish_reason = 'length';
  },
  'content-filter': (a) => {
    a.choices[0].message = { role: 'assistant', content: '' };
    a.choices[0].finish_reason = 'content_filter';
  },
  'unknown-finish': (a) => {
    a.choices[0].message = { role: 'assistant', content: 'Partly' };
    a.choices[0].finish_reason = 'recitation';
  },
  'usage-chunk': (a, stream) => { stream.usageChunk = true; },
  // A reasoning model: its thinking in reasoning_content (and reasoning), never the answer.
  'reasoning': (a, stream) => {
    a.choices[0].message.reasoning_content = 'REASONING-ONLY: thinking about the door.';
    a.choices[0].message.reasoning = 'REASONING-ONLY: more thoughts.';
    stream.reasoning = true;
  },
  // Two tool calls in one reply: look at the door, then try the key; streamed out of order.
  'two-calls': (a, stream) => {
    const m = a.choices[0].message;
    m.content = 'Looking, then trying the key.';
    m.tool_calls = [
      { id: 'call_a', type: 'function', function: { name: 'look_at', arguments: '{"target":"door"}' } },
      { id: 'call_b', type: 'function', function: { name: 'use', arguments: '{"item":"key","target":"door"}' } },
    ];
    a.choices[0].finish_reason = 'tool_calls';
    stream.scramble = true;
  },
  // A call that takes its arguments as "": read as {}, so a missing field for the model.
  'empty-args': (a) => { a.choices[0].message.tool_calls[0].function.arguments = ''; },
  // A megabyte of text without a break, before the tool call.
  'huge-reply': (a) => { a.choices[0].message.content = UNBROKEN; },
};

/** The completion as a list of SSE events, text and arguments in small pieces. */
function streamEvents(answer, options = {}) {
  const { id, created, model } = answer;
  const choice = answer.choices[0];
  const event = (delta, finish = null) => `data: ${JSON.stringify({
    id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;
  const pieces = (text, size) => {
    const chars = Array.from(text || '');
    const out = [];
    for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
    return out;
  };
  const events = [event({ role: 'assistant', content: '' })];
  if (options.reasoning) {
    events.push(event({ reasoning_content: choice.message.reasoning_content }));
    events.push(event({ reasoning: choice.message.reasoning }));
  }
  // A huge text goes in big pieces: the point is its size, not a million events.
  const size = (choice.message.content || '').length > 100_000 ? 64 * 1024 : 8;
  for (const piece of pieces(choice.message.content, size)) events.push(event({ content: piece }));
  const calls = [];
  (choice.message.tool_calls || []).forEach((call, index) => {
    const parts = [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }];
    for (const piece of pieces(call.function.arguments, 6)) parts.push({ index, function: { arguments: piece } });
    calls.push(parts);
  });
  if (options.scramble) {
    // The last call's pieces first, then the two interleaved: the index is the only guide.
    const order = [];
    const lists = calls.map((c) => c.slice()).reverse();
    while (lists.some((l) => l.length)) for (const l of lists) if (l.length) order.push(l.shift());
    for (const part of order) events.push(event({ tool_calls: [part] }));
  } else {
    for (const part of calls.flat()) events.push(event({ tool_calls: [part] }));
  }
  events.push(event({}, choice.finish_reason));
  if (options.usageChunk) {
    events.push(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: answer.usage })}\n\n`);
  }
  return events;
}

// ------------------------------------------------------------------------------------------------
// HTTP
// ------------------------------------------------------------------------------------------------

function corsHeaders(on) {
  if (!on) return {};
  return {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    'Access-Control-Allow-Headers': 'authorization, content-type',
    // Without this a cross-origin page cannot read the retry hints at all.
    'Access-Control-Expose-Headers': 'retry-after, retry-after-ms, x-should-retry',
    'Access-Control-Max-Age': '600',
  };
}

function sendJson(res, status, value, headers = {}) {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(body);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const ERRORS = {
  400: ['invalid_request_error', 'The request is not valid for this model.'],
  401: ['invalid_request_error', 'Incorrect API key provided.'],
  403: ['permission_error', 'This key may not use this model.'],
  404: ['invalid_request_error', 'The model does not exist.'],
  408: ['timeout', 'The request timed out on the server.'],
  409: ['conflict', 'A conflicting request is in progress.'],
  422: ['invalid_request_error', 'The request could not be processed.'],
  429: ['rate_limit_error', 'Rate limit reached. Please try again later.'],
  500: ['server_error', 'The server had an error while processing your request.'],
  502: ['server_error', 'Bad gateway.'],
  503: ['server_error', 'The server is overloaded or not ready yet.'],
  504: ['server_error', 'The gateway timed out.'],
  529: ['overloaded_error', 'The server is overloaded.'],
};

function sendError(res, entry, cors, authorization) {
  const [type, fallback] = ERRORS[entry.status] || ['server_error', `Error ${entry.status}.`];
  let message = entry.message || fallback;
  if (entry.echoKey) {
    const key = (authorization || '').replace(/^Bearer\s+/i, '') || '(none)';
    message = `${message.replace(/\.$/, '')}: ${key}.`;
  }
  const headers = { ...cors };
  if (entry.retryAfter !== undefined) headers['Retry-After'] = String(entry.retryAfter);
  if (entry.retryAfterMs !== undefined) headers['retry-after-ms'] = String(entry.retryAfterMs);
  if (entry.shouldRetry !== undefined) headers['x-should-retry'] = String(entry.shouldRetry);
  Object.assign(headers, entry.headers || {});
  sendJson(res, entry.status, { error: { message, type, param: null, code: null } }, headers);
}

/** Keeps an answer open until the client leaves or the tests reset. */
function holdOpen(req, res, timers = []) {
  const item = { res, timers };
  open.add(item);
  const release = () => {
    timers.forEach(clearInterval);
    open.delete(item);
  };
  req.on('close', release);
  res.on('close', release);
}

async function stream(req, res, answer, mode, entry, cors, options = {}) {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    ...cors,
  });
  const events = streamEvents(answer, options);
  const sliceBytes = Math.max(1, Number(entry.sliceBytes) || 23);
  const chunkMs = entry.chunkMs === undefined ? 5 : Math.max(0, Number(entry.chunkMs));
  const write = async (text) => {
    const bytes = Buffer.from(text, 'utf8');
    for (let i = 0; i < bytes.length; i += sliceBytes) {
      if (res.destroyed) return false;
      res.write(bytes.subarray(i, i + sliceBytes));
      if (chunkMs > 0) await sleep(chunkMs);
    }
    return !res.destroyed;
  };

  if (mode === 'stall') {
    await write(events[0]);
    const timers = [];
    if (Number(entry.keepAliveMs) > 0) {
      timers.push(setInterval(() => { if (!res.destroyed) res.write(': ping\n\n'); }, Number(entry.keepAliveMs)));
    }
    holdOpen(req, res, timers);
    return;
  }
  if (mode === 'malformed') {
    await write(events[0] + events[1]);
    await write('data: {"choices": [{"delta": {"content": oops\n\n');
    await write('data: [DONE]\n\n');
    res.end();
    return;
  }
  const half = Math.max(2, Math.floor(events.length / 2));
  const body = [': keep-alive\n\n', ...events.slice(0, half), ': ping\n\n', ...events.slice(half)];
  if (mode === 'drop') {
    if (await write(body.slice(0, half).join(''))) {
      // Half an event more, then the connection dies under the reader.
      res.write(body[half].slice(0, 10));
      setTimeout(() => res.socket?.destroy(), 20);
    }
    return;
  }
  if (!(await write(body.join('')))) return;
  if (mode !== 'truncated') {
    if (!(await write('data: [DONE]\n\n'))) return;
  }
  res.end();
}

async function chatCompletions(req, res, raw, record) {
  const entry = script.length > 0 ? script.shift() : null;
  record.entry = entry;
  const e = entry === null || entry === 'ok' ? {} : entry;
  let request = null;
  try { request = JSON.parse(raw); } catch { request = null; }
  record.body = request;
  record.stream = request?.stream === true;
  record.messages = Array.isArray(request?.messages) ? request.messages.length : null;
  const cors = corsHeaders(corsOn && e.cors !== false);

  if (e.delayMs) await sleep(Number(e.delayMs));
  if (res.destroyed) return;
  if (e.hang) {
    holdOpen(req, res);
    return;
  }
  if (typeof e.body === 'string') {
    res.writeHead(e.status || 200, { 'Content-Type': e.contentType || 'application/json', ...cors });
    res.end(e.body);
    return;
  }
  if (e.status && (e.status < 200 || e.status > 299)) {
    sendError(res, e, cors, req.headers.authorization);
    return;
  }
  if (!request || typeof request !== 'object' || !Array.isArray(request.messages)) {
    sendError(res, { status: 400, message: 'The body must be a JSON chat request with messages.' }, cors);
    return;
  }
  const answer = completion(request);
  const options = {};
  if (e.shape) {
    // Several shapes at once: "reasoning,usage-chunk".
    const shapes = String(e.shape).split(',');
    const unknown = shapes.find((name) => !SHAPES[name]);
    if (unknown) {
      sendError(res, { status: 400, message: `The test server has no shape ${unknown}.` }, cors);
      return;
    }
    for (const name of shapes) SHAPES[name](answer, options);
  }
  const mode = e.stream || (request.stream === true ? 'ok' : null);
  if (mode) {
    // Big streams go out in big slices unless the test asked otherwise.
    const big = JSON.stringify(answer).length > 100_000;
    await stream(req, res, answer, mode, big && !e.sliceBytes ? { ...e, sliceBytes: 64 * 1024, chunkMs: 0 } : e, cors, options);
    return;
  }
  sendJson(res, 200, answer, cors);
}

/** GET /v1/models: the next entry of the model list's script, or the one model. */
async function models(req, res, record) {
  const entry = modelsScript.length > 0 ? modelsScript.shift() : null;
  record.entry = entry;
  const e = entry === null || entry === 'ok' ? {} : entry;
  const cors = corsHeaders(corsOn && e.cors !== false);
  if (e.delayMs) await sleep(Number(e.delayMs));
  if (res.destroyed) return;
  if (e.hang) {
    holdOpen(req, res);
    return;
  }
  if (typeof e.body === 'string') {
    res.writeHead(e.status || 200, { 'Content-Type': e.contentType || 'application/json', ...cors });
    res.end(e.body);
    return;
  }
  if (e.status && (e.status < 200 || e.status > 299)) {
    sendError(res, e, cors, req.headers.authorization);
    return;
  }
  sendJson(res, 200, {
    object: 'list',
    data: [{ id: MODEL, object: 'model', created: 1700000000, owned_by: 'rusty-lock' }],
  }, cors);
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        reject(new Error('request too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function reset() {
  script = [];
  modelsScript = [];
  corsOn = true;
  log = [];
  for (const { res, timers } of open) {
    timers.forEach(clearInterval);
    res.socket?.destroy();
  }
  open.clear();
}

async function handle(req, res) {
  const url = new URL(req.url, `http://${req.headers.host || 'localhost'}`);
  const path = url.pathname;
  const control = corsHeaders(true);

  // The tests' own endpoints.
  if (path.startsWith('/__')) {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, control);
      res.end();
    } else if (path === '/__health') {
      res.writeHead(200, { 'Content-Type': 'text/plain', ...control });
      res.end('ok');
    } else if (path === '/__log' && req.method === 'GET') {
      sendJson(res, 200, log, control);
    } else if (path === '/__reset' && req.method === 'POST') {
      await readBody(req);
      reset();
      sendJson(res, 200, { ok: true }, control);
    } else if (path === '/__control' && req.method === 'POST') {
      let body;
      try { body = JSON.parse(await readBody(req)); } catch { body = null; }
      if (!body || !Array.isArray(body.script)) {
        sendJson(res, 400, { error: 'expected {"script": [...]}' }, control);
        return;
      }
      script = body.script.slice();
      if (Array.isArray(body.models)) modelsScript = body.models.slice();
      if (typeof body.cors === 'boolean') corsOn = body.cors;
      sendJson(res, 200, { ok: true, queued: script.length, models: modelsScript.length, cors: corsOn }, control);
    } else {
      sendJson(res, 404, { error: `no control endpoint ${req.method} ${path}` }, control);
    }
    return;
  }

  const record = {
    method: req.method,
    path,
    timeMs: Date.now(),
    hasAuthorization: typeof req.headers.authorization === 'string',
    authorization: req.headers.authorization ?? null,
    origin: req.headers.origin ?? null,
    stream: null,
    messages: null,
    entry: null,
    body: null,
  };
  log.push(record);
  const api = path.replace(/^\/v1(?=\/)/, '');
  const cors = corsHeaders(corsOn);

  if (req.method === 'OPTIONS') {
    res.writeHead(204, cors);
    res.end();
    return;
  }
  if (api === '/chat/completions' && req.method === 'POST') {
    let raw;
    try { raw = await readBody(req); } catch {
      return;
    }
    await chatCompletions(req, res, raw, record);
    return;
  }
  if (api === '/models' && req.method === 'GET') {
    await models(req, res, record);
    return;
  }
  sendJson(res, 404, { error: { message: `No route ${req.method} ${path}.`, type: 'invalid_request_error' } }, cors);
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((err) => {
    if (!res.headersSent) sendJson(res, 500, { error: { message: String(err), type: 'server_error' } });
    else res.destroy();
  });
});

server.listen(PORT, HOST, () => {
  console.log(`rusty-lock test server on http://${HOST}:${PORT}/v1`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    reset();
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
