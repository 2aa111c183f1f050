// The naive loop, for the tests: no retry, no catch, and it believes finish_reason. Every failure
// ends its run, so the report card should fail it wherever a layer had work to do.
async function runAgent(task) {
  const messages = [{ role: 'user', content: task }];
  for (let turn = 1; turn <= 10; turn++) {
    const res = await fetch(`${LLM.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: LLM.model, messages, tools: toolSchemas }),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const choice = (await res.json()).choices[0];
    messages.push(choice.message);
    if (choice.finish_reason !== 'tool_calls') return choice.message.content;
    for (const call of choice.message.tool_calls) {
      const output = await tools[call.function.name](JSON.parse(call.function.arguments));
      messages.push({ role: 'tool', tool_call_id: call.id, content: output });
    }
  }
}
