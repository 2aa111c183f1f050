// For each exercise: the region of the robust loop its gap replaces (as the English starting code
// has it, tests/e2e/loops/robust-en.js), a second correct way to fill it, and a wrong one that
// must fail. The robust loop itself is the first correct solution. Written as learners write
// them: none of them is the page's own text.
import { readFileSync } from 'node:fs';

export const robust = readFileSync(new URL('../loops/robust-en.js', import.meta.url), 'utf8');

const TOOL_CALL = `  try {
    return { output: await tool(args), isError: false };
  } catch (err) {
    console.warn(err);
    const sentence = String(err && err.message ? err.message : err).split('\\n')[0];
    return { output: \`Error: \${sentence}\`, isError: true };
  }`;

const TOOL_ERROR = `    console.warn(err);
    const sentence = String(err && err.message ? err.message : err).split('\\n')[0];
    return { output: \`Error: \${sentence}\`, isError: true };`;

const RETRY_START = '  for (let attempt = 1; ; attempt++) {\n    let res = null;';
const RETRY_END = '    await sleep(waitBefore(attempt, res));\n  }';

/** The whole of runTool: exercise 3 opens it, with a tool of its own defined above it. */
function runToolRegion() {
  const from = robust.indexOf('async function runTool(call) {');
  return robust.slice(from, robust.indexOf('\n}\n', from) + 2);
}

// A bag of our own in front of the page's use: an item not in it is refused from inside the tool.
const BAG = `const carried = { key: true, oil_can: true };
const ownTools = {
  ...tools,
  use(args) {
    if (!carried[args.item]) throw new TypeError('you carry no ' + args.item);
    return tools.use(args);
  },
};
`;

function retryRegion() {
  const from = robust.indexOf(RETRY_START);
  const to = robust.indexOf(RETRY_END) + RETRY_END.length;
  return robust.slice(from, to);
}

export const exercises = {
  'tool-error-back': {
    region: TOOL_CALL,
    right: `  return tool(args).then(
    (output) => ({ output, isError: false }),
    (e) => ({ output: 'Error: ' + (e && e.message), isError: true }),
  );`,
    // Caught, and thrown again: the run still ends on a tool error.
    wrong: `  try {
    return { output: await tool(args), isError: false };
  } catch (err) {
    throw new Error('tool failed: ' + err.message);
  }`,
  },
  'unknown-tool': {
    region: "    return { output: `Error: there is no tool named ${name}. The tools are ${Object.keys(tools).join(' and ')}.`, isError: true };",
    right: "    const known = Object.keys(tools);\n    return { output: 'Error: unknown tool \"' + name + '\". Known tools: ' + known.join(', '), isError: true };",
    // Sent back, but the model is not told which tools exist.
    wrong: "    return { output: `Error: there is no tool named ${name}.`, isError: true };",
  },
  'error-inside-tool': {
    region: runToolRegion(),
    // The name is asked about first; whatever the call throws is sent back as it says it.
    right: `${BAG}
async function runTool(call) {
  const name = call.function.name;
  if (!Object.hasOwn(ownTools, name)) {
    return { output: 'Error: unknown tool "' + name + '". Known tools: ' + Object.keys(ownTools).join(', '), isError: true };
  }
  try {
    return { output: await ownTools[name](JSON.parse(call.function.arguments || '{}')), isError: false };
  } catch (err) {
    return { output: 'Error: ' + err.message, isError: true };
  }
}`,
    // Every TypeError read as a tool that is not there: the crowbar's refusal comes back as
    // "use is not a tool".
    wrong: `${BAG}
async function runTool(call) {
  const name = call.function.name;
  try {
    return { output: await ownTools[name](JSON.parse(call.function.arguments || '{}')), isError: false };
  } catch (err) {
    const output = err instanceof TypeError ? \`Error: \${name} is not a tool.\` : 'Error: ' + err.message;
    return { output, isError: true };
  }
}`,
  },
  'retry-503': {
    region: retryRegion(),
    right: `  let lastError = new Error('no attempt made');
  for (let attempt = 0; attempt < 5; attempt++) {
    if (attempt > 0) await sleep(50 + Math.random() * 300 * 2 ** attempt);
    let res;
    try {
      res = await fetch(\`\${LLM.baseURL}/chat/completions\`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: \`Bearer \${LLM.apiKey}\` },
        body: JSON.stringify({ model: LLM.model, messages, tools: toolSchemas }),
        signal: AbortSignal.timeout(20000),
      });
    } catch (e) {
      lastError = e;
      continue;
    }
    if (res.ok) return (await res.json()).choices[0];
    if (res.status !== 429 && res.status < 500) throw new Error(\`refused: \${res.status}\`);
    lastError = new Error(\`status \${res.status}\`);
  }
  throw lastError;`,
    // Backoff, but the same waits whatever the seed: no jitter.
    wrong: retryRegion().replace('await sleep(waitBefore(attempt, res));', 'await sleep(BASE_DELAY_MS * 2 ** (attempt - 1));'),
  },
  'no-retry-400': {
    region: '    const passes = res === null || status === 408 || status === 429 || status >= 500;',
    right: '    const passes = ![400, 401, 403, 404, 422].includes(status);',
    // A 401 is still retried.
    wrong: '    const passes = status !== 400;',
  },
  'retry-after': {
    region: '  const asked = res ? retryAfterMs(res.headers) : null;\n  if (asked !== null) return Math.min(asked, RETRY_AFTER_CAP_MS);',
    right: `  const ms = res && res.headers.get('retry-after-ms');
  const s = res && res.headers.get('retry-after');
  const asked = ms ? Number(ms) : s ? Number(s) * 1000 : null;
  if (asked !== null && asked >= 0) return Math.min(asked, 30000);`,
    // Seconds read as milliseconds: it comes back far too soon.
    wrong: "  if (res && res.headers.has('retry-after')) return Number(res.headers.get('retry-after'));",
  },
  watchdog: {
    region: '        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),',
    right: '        signal: (() => { const c = new AbortController(); setTimeout(() => c.abort(), 20000); return c.signal; })(),',
    // A controller with no timer: nothing ever aborts it.
    wrong: '        signal: new AbortController().signal,',
  },
  'same-call-twice': {
    region: robust.slice(robust.indexOf('    const asked = JSON.stringify('), robust.indexOf('  }\n  return `No answer after')).trimEnd(),
    right: `    const key = calls.map((c) => c.function.name + ' ' + c.function.arguments).join('\\n');
    if (key === lastCalls) throw new Error('The model repeated its last call: handing over to a person.');
    lastCalls = key;
    for (const call of calls) {
      const { output } = await runTool(call);
      messages.push({ role: 'tool', tool_call_id: call.id, content: output });
    }`,
    // It notices the repeat only after running it again.
    wrong: `    for (const call of calls) {
      const { output } = await runTool(call);
      messages.push({ role: 'tool', tool_call_id: call.id, content: output });
    }
    const key = JSON.stringify(calls.map((c) => [c.function.name, c.function.arguments]));
    if (key === lastCalls) return 'Stuck: over to you.';
    lastCalls = key;`,
  },
  'no-leaks': {
    region: TOOL_ERROR,
    right: "    console.error('tool failed', name, err && err.stack);\n    return { output: 'Error: ' + (err instanceof Error ? err.message : 'the tool failed'), isError: true };",
    // One sentence, then where it was calling and with which key.
    wrong: '    return { output: `Error: ${err.message}\\nwhile calling ${LLM.baseURL} as ${LLM.apiKey}`, isError: true };',
  },
  'tool-changed': {
    region: TOOL_CALL,
    right: `  let output;
  try {
    output = await tool(args);
  } catch (err) {
    return { output: \`Error: \${err.message}. It may have happened anyway: look before trying again.\`, isError: true };
  }
  return { output, isError: false };`,
    // A failed tool is called a second time before the model hears of it.
    wrong: `  try {
    return { output: await tool(args), isError: false };
  } catch (err) {
    try {
      return { output: await tool(args), isError: false };
    } catch (again) {
      return { output: \`Error: \${again.message}\`, isError: true };
    }
  }`,
  },
};

/** The robust loop with `slug`'s region filled by `fill`. */
export function withRegion(slug, fill) {
  const { region } = exercises[slug];
  if (!robust.includes(region)) throw new Error(`${slug}: its region is not in the robust loop (is robust-en.js current?)`);
  return robust.replace(region, () => fill);
}
