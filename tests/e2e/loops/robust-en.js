// Your agent loop, in plain JavaScript (TypeScript pastes as is).
// The page gives it: LLM (where to send requests), fetch (answered by the
// page's own test server), the tools look_at and use, their toolSchemas, and a
// clock on virtual time: a 4-second wait costs nothing while grading.
// Run plays one run in the scene. Report card meets every failure in turn.

// tries per model call, the first one included
const MAX_ATTEMPTS = 4;
// ceiling of the first wait; it doubles each time
const BASE_DELAY_MS = 500;
// no wait is longer than this
const MAX_DELAY_MS = 4000;
// the longest Retry-After we agree to honour
const RETRY_AFTER_CAP_MS = 10000;
// the watchdog: a silent call is cut after this
const CALL_TIMEOUT_MS = 15000;
const MAX_TURNS = 10;
const MAX_ERRORS_IN_A_ROW = 3;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Layer 1, the model's server. Retry what tends to pass by itself (429, 5xx,
// no answer at all), never what comes back the same (400, 401).
async function callModel(messages) {
  for (let attempt = 1; ; attempt++) {
    let res = null;
    try {
      res = await fetch(`${LLM.baseURL}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${LLM.apiKey}` },
        body: JSON.stringify({ model: LLM.model, messages, tools: toolSchemas }),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch {
      // No answer: the connection dropped, or the watchdog cut a call that hung.
    }
    if (res && res.ok) return (await res.json()).choices[0];

    const status = res ? res.status : 0;
    const passes = res === null || status === 408 || status === 429 || status >= 500;
    if (!passes) throw new Error(`the model's server refused the request (${status}); sending it again would not help`);
    if (attempt === MAX_ATTEMPTS) throw new Error(`the model's server still fails after ${attempt} tries (${status || 'no answer'})`);
    await sleep(waitBefore(attempt, res));
  }
}

// The server may say how long to wait; otherwise a random wait under a
// ceiling that doubles (full jitter), so clients don't all come back at once.
function waitBefore(attempt, res) {
  const asked = res ? retryAfterMs(res.headers) : null;
  if (asked !== null) return Math.min(asked, RETRY_AFTER_CAP_MS);
  const ceiling = Math.min(BASE_DELAY_MS * 2 ** (attempt - 1), MAX_DELAY_MS);
  return Math.random() * ceiling;
}

function retryAfterMs(headers) {
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.has('retry-after-ms') && ms >= 0) return ms;
  const seconds = Number(headers.get('retry-after'));
  if (headers.has('retry-after') && seconds >= 0) return seconds * 1000;
  return null;
}

// Layer 2, the tools. Whatever goes wrong becomes one sentence the model can
// read and act on. Details (a stack trace, a path) go to your logs, not to it.
async function runTool(call) {
  const name = call.function.name;
  const tool = tools[name];
  if (!tool) {
    return { output: `Error: there is no tool named ${name}. The tools are ${Object.keys(tools).join(' and ')}.`, isError: true };
  }
  let args;
  try {
    args = JSON.parse(call.function.arguments || '{}');
  } catch {
    return { output: `Error: the arguments for ${name} are not valid JSON. Send them again as one JSON object.`, isError: true };
  }
  try {
    return { output: await tool(args), isError: false };
  } catch (err) {
    console.warn(err);
    const sentence = String(err && err.message ? err.message : err).split('\n')[0];
    return { output: `Error: ${sentence}`, isError: true };
  }
}

// The loop. It decides by what the reply holds, not by finish_reason alone, and
// it hands over when it is going nowhere. Anything else is left to throw.
async function runAgent(task) {
  const messages = [{ role: 'user', content: task }];
  let errorsInARow = 0;
  let lastCalls = null;

  for (let turn = 1; turn <= MAX_TURNS; turn++) {
    const choice = await callModel(messages);
    const reply = choice.message;
    messages.push(reply);
    const calls = reply.tool_calls || [];

    if (calls.length === 0) {
      if (choice.finish_reason === 'length') throw new Error('the reply was cut at the token limit: half an answer is not an answer');
      return reply.content || '';
    }

    const asked = JSON.stringify(calls.map((c) => [c.function.name, c.function.arguments]));
    if (asked === lastCalls) return `I am stuck: the model asked for the same thing twice (${asked}). Over to you.`;
    lastCalls = asked;

    for (const call of calls) {
      const { output, isError } = await runTool(call);
      messages.push({ role: 'tool', tool_call_id: call.id, content: output });
      errorsInARow = isError ? errorsInARow + 1 : 0;
    }
    if (errorsInARow >= MAX_ERRORS_IN_A_ROW) return `I am stuck after ${errorsInARow} tool errors in a row. Over to you.`;
  }
  return `No answer after ${MAX_TURNS} turns. Over to you.`;
}

