const URL_ = (process.env.ANTHROPIC_BASE_URL || 'http://localhost:8080') + '/v1/messages';

const FILES = new Map([['report.txt', 'Sales rose 12% in March.'], ['plan.md', 'Ship on Friday.']]);

const tools = [
  {
    name: 'add',
    description: 'Add two numbers.',
    input_schema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
  },
  {
    name: 'open_file',
    description: 'Open a file and return its text.',
    input_schema: { type: 'object', properties: { filename: { type: 'string' } }, required: ['filename'] },
  },
];

function runTool(name, input) {
  if (input === null || typeof input !== 'object') throw new Error('the input must be an object');
  if (name === 'add') {
    if (typeof input.a !== 'number' || typeof input.b !== 'number') throw new Error('add needs two numbers, a and b');
    return String(input.a + input.b);
  }
  if (name === 'open_file') {
    if (typeof input.filename !== 'string') throw new Error('open_file needs a filename (a string)');
    if (!FILES.has(input.filename)) throw new Error('there is no file ' + input.filename + '; try ' + [...FILES.keys()].join(' or '));
    return FILES.get(input.filename);
  }
  throw new Error('no tool named ' + name + '; the tools are add and open_file');
}

async function send(messages) {
  for (let attempt = 1; ; attempt++) {
    let res;
    try {
      res = await fetch(URL_, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-api-key': process.env.ANTHROPIC_API_KEY ?? '',
          'anthropic-version': '2023-06-01',
        },
        body: JSON.stringify({ model: 'claude-sonnet-4-5', max_tokens: 1024, tools, messages }),
        signal: AbortSignal.timeout(20000),
      });
    } catch (err) {
      if (attempt >= 4) throw err;
      await new Promise((r) => setTimeout(r, 400 * attempt + Math.random() * 400));
      continue;
    }
    if (res.ok) return res.json();
    const retryable = [408, 429, 500, 502, 503, 529].includes(res.status);
    if (!retryable || attempt >= 4) throw new Error('API error ' + res.status + ': ' + (await res.text()));
    const wait = Number(res.headers.get('retry-after')) * 1000 || 400 * 2 ** attempt * Math.random();
    await new Promise((r) => setTimeout(r, Math.min(wait, 20000)));
  }
}

async function runAgent(task) {
  const messages = [{ role: 'user', content: task }];
  for (let turn = 0; turn < 10; turn++) {
    const reply = await send(messages);
    messages.push({ role: 'assistant', content: reply.content });
    if (reply.stop_reason !== 'tool_use') {
      return reply.content.filter((b) => b.type === 'text').map((b) => b.text).join('');
    }
    const results = [];
    for (const block of reply.content) {
      if (block.type !== 'tool_use') continue;
      try {
        results.push({ type: 'tool_result', tool_use_id: block.id, content: runTool(block.name, block.input) });
      } catch (err) {
        results.push({ type: 'tool_result', tool_use_id: block.id, content: 'Error: ' + err.message, is_error: true });
      }
    }
    messages.push({ role: 'user', content: results });
  }
  return 'too many turns';
}
