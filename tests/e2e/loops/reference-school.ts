// A loop of the reference text's school, written for the tests in our own words: TypeScript as a
// learner pastes it, with the page's tools standing in for its own. It retries 429, 5xx and a
// lost connection with a random wait that never reads Retry-After, turns every tool failure into
// an `Error: ...` result, trusts finish_reason, has no watchdog on a call, and gives up after
// three tool errors in a row. The report card should say exactly that.

type Call = { id: string; function: { name: string; arguments: string } }
type Msg =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: Call[] }
  | { role: 'tool'; tool_call_id: string; content: string }

interface Choice { message: Msg & { role: 'assistant' }; finish_reason: string }

async function askModel(history: Msg[], tries = 3): Promise<Choice> {
  for (let n = 1; ; n++) {
    const res: Response | null = await fetch(`${LLM.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${LLM.apiKey}` },
      body: JSON.stringify({ model: LLM.model, messages: history, tools: toolSchemas }),
    }).catch(() => null)
    if (res?.ok) return ((await res.json()) as { choices: Choice[] }).choices[0]
    const worthAnotherGo = res === null || res.status === 429 || res.status >= 500
    if (!worthAnotherGo || n === tries) throw new Error(`model call failed: ${res?.status ?? 'network'}`)
    await new Promise((r) => setTimeout(r, Math.random() * 1000 * 2 ** (n - 1)))
  }
}

async function doTool(call: Call): Promise<{ text: string; failed: boolean }> {
  const fn = (tools as Record<string, (a: unknown) => Promise<string>>)[call.function.name]
  if (!fn) return { text: `Unknown tool: ${call.function.name}. Tools: ${Object.keys(tools).join(', ')}`, failed: true }
  try {
    return { text: await fn(JSON.parse(call.function.arguments)), failed: false }
  } catch (e) {
    return { text: `Error: ${e instanceof Error ? e.message : String(e)}`, failed: true }
  }
}

export async function runAgent(task: string, turns = 10, errorLimit = 3): Promise<string> {
  const history: Msg[] = [{ role: 'user', content: task }]
  let misses = 0
  for (let t = 1; t <= turns; t++) {
    const choice = await askModel(history)
    history.push(choice.message)
    if (choice.finish_reason !== 'tool_calls') return choice.message.content ?? ''
    for (const call of choice.message.tool_calls ?? []) {
      const { text, failed } = await doTool(call)
      history.push({ role: 'tool', tool_call_id: call.id, content: text })
      misses = failed ? misses + 1 : 0
    }
    if (misses >= errorLimit) throw new Error(`gave up after ${misses} tool errors in a row`)
  }
  throw new Error(`no answer after ${turns} turns`)
}

await runAgent(TASK)
