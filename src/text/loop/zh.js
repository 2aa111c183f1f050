// 你的智能体循环，用 JavaScript 写（TypeScript 可以原样粘贴）。
// 页面提供：LLM（请求发往何处）、fetch（由页面自带的测试服务器应答）、
// 工具 look_at 和 use 及其 toolSchemas，还有一个虚拟时钟：评分时等 4 秒不花时间。
// “运行”在场景中播放一次运行；“成绩单”逐一经历每种故障。

// 每次调用模型的尝试次数，含第一次
const MAX_ATTEMPTS = 4;
// 第一次等待的上限，之后每次翻倍
const BASE_DELAY_MS = 500;
// 任何一次等待都不超过这个值
const MAX_DELAY_MS = 4000;
// 我们愿意遵守的最长 Retry-After
const RETRY_AFTER_CAP_MS = 10000;
// 看门狗：沉默超过这个时长的调用会被切断
const CALL_TIMEOUT_MS = 15000;
const MAX_TURNS = 10;
const MAX_ERRORS_IN_A_ROW = 3;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// 第 1 层，模型的服务器。重试那些往往会自己恢复的（429、5xx、完全没有应答），
// 绝不重试每次都一样的（400、401）。
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
      // 没有应答：连接断了，或看门狗切断了卡住的调用。
    }
    if (res && res.ok) return (await res.json()).choices[0];

    const status = res ? res.status : 0;
    const passes = res === null || status === 408 || status === 429 || status >= 500;
    if (!passes) throw new Error(`模型服务器拒绝了请求（${status}），再发一次也没用`);
    if (attempt === MAX_ATTEMPTS) throw new Error(`尝试 ${attempt} 次后模型服务器仍然失败（${status || '没有应答'}）`);
    await sleep(waitBefore(attempt, res));
  }
}

// 服务器可能会说要等多久；否则在一个翻倍的上限下随机等待（full jitter），
// 这样客户端不会同时回来。
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

// 第 2 层，工具。任何出错都变成模型能读懂并照做的一句话。
// 细节（调用栈、路径）写进你的日志，不给模型。
async function runTool(call) {
  const name = call.function.name;
  const tool = tools[name];
  if (!tool) {
    return { output: `Error: 没有名为 ${name} 的工具。可用的工具是 ${Object.keys(tools).join(' 和 ')}。`, isError: true };
  }
  let args;
  try {
    args = JSON.parse(call.function.arguments || '{}');
  } catch {
    return { output: `Error: ${name} 的参数不是有效的 JSON。请重新发送一个 JSON 对象。`, isError: true };
  }
  try {
    return { output: await tool(args), isError: false };
  } catch (err) {
    console.warn(err);
    const sentence = String(err && err.message ? err.message : err).split('\n')[0];
    return { output: `Error: ${sentence}`, isError: true };
  }
}

// 循环本身。它根据回复的内容作决定，而不只看 finish_reason；
// 原地打转时就交给人。其余的一律让它抛出。
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
      if (choice.finish_reason === 'length') throw new Error('回复在 token 上限处被截断了：半个回答不是回答');
      return reply.content || '';
    }

    const asked = JSON.stringify(calls.map((c) => [c.function.name, c.function.arguments]));
    if (asked === lastCalls) return `我卡住了：模型两次要求同样的事（${asked}）。交给你了。`;
    lastCalls = asked;

    for (const call of calls) {
      const { output, isError } = await runTool(call);
      messages.push({ role: 'tool', tool_call_id: call.id, content: output });
      errorsInARow = isError ? errorsInARow + 1 : 0;
    }
    if (errorsInARow >= MAX_ERRORS_IN_A_ROW) return `连续 ${errorsInARow} 次工具出错，我卡住了。交给你了。`;
  }
  return `${MAX_TURNS} 轮之后仍没有答案。交给你了。`;
}
