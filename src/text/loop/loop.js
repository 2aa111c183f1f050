⟦0⟧

⟦1⟧
const MAX_ATTEMPTS = 4;
⟦2⟧
const BASE_DELAY_MS = 500;
⟦3⟧
const MAX_DELAY_MS = 4000;
⟦4⟧
const RETRY_AFTER_CAP_MS = 10000;
⟦5⟧
const CALL_TIMEOUT_MS = 15000;
const MAX_TURNS = 10;
const MAX_ERRORS_IN_A_ROW = 3;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

⟦6⟧
async function callModel(messages) {
⟪retry⟫
  for (let attempt = 1; ; attempt++) {
    let res = null;
    try {
      res = await fetch(`${LLM.baseURL}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${LLM.apiKey}` },
        body: JSON.stringify({ model: LLM.model, messages, tools: toolSchemas }),
⟪watchdog⟫
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
⟪/⟫
      });
    } catch {
⟦7⟧
    }
    if (res && res.ok) return (await res.json()).choices[0];

    const status = res ? res.status : 0;
⟪permanent⟫
    const passes = res === null || status === 408 || status === 429 || status >= 500;
⟪/⟫
⟦8⟧
    await sleep(waitBefore(attempt, res));
  }
⟪/⟫
}

⟦9⟧
function waitBefore(attempt, res) {
⟪retry-after⟫
  const asked = res ? retryAfterMs(res.headers) : null;
  if (asked !== null) return Math.min(asked, RETRY_AFTER_CAP_MS);
⟪/⟫
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

⟦10⟧
⟪dispatch⟫
async function runTool(call) {
  const name = call.function.name;
  const tool = tools[name];
  if (!tool) {
⟪unknown-tool⟫
⟦11⟧
⟪/⟫
  }
  let args;
  try {
    args = JSON.parse(call.function.arguments || '{}');
  } catch {
⟦12⟧
  }
⟪tool-call⟫
  try {
    return { output: await tool(args), isError: false };
  } catch (err) {
⟪tool-error⟫
    console.warn(err);
    const sentence = String(err && err.message ? err.message : err).split('\n')[0];
    return { output: `Error: ${sentence}`, isError: true };
⟪/⟫
  }
⟪/⟫
}
⟪/⟫

⟦13⟧
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
⟦14⟧
      return reply.content || '';
    }

⟪guard⟫
    const asked = JSON.stringify(calls.map((c) => [c.function.name, c.function.arguments]));
⟦15⟧
    lastCalls = asked;

    for (const call of calls) {
      const { output, isError } = await runTool(call);
      messages.push({ role: 'tool', tool_call_id: call.id, content: output });
      errorsInARow = isError ? errorsInARow + 1 : 0;
    }
⟦16⟧
⟪/⟫
  }
⟦17⟧
}
