const SYSTEM = 'You can use tools. Reply ONLY with JSON: {"thought": "...", "action": "search" | "finish", "input": "..."}';

async function runAgent(task) {
  const messages = [{ role: 'system', content: SYSTEM }, { role: 'user', content: task }];
  for (let i = 0; i < 6; i++) {
    const res = await fetch(LLM.baseURL + '/chat/completions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + LLM.apiKey },
      body: JSON.stringify({ model: LLM.model, messages }),
    });
    if (!res.ok) throw new Error('HTTP ' + res.status);
    const text = (await res.json()).choices[0].message.content;
    messages.push({ role: 'assistant', content: text });
    let step;
    try {
      step = JSON.parse(text);
    } catch {
      console.log('model said:', text);
      return text;
    }
    if (step.action === 'finish') return step.input;
    messages.push({ role: 'user', content: 'Observation: nothing found for ' + step.input });
  }
  return 'no answer';
}
