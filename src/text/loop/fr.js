// Votre boucle d'agent, en JavaScript (le TypeScript se colle tel quel).
// La page lui fournit : LLM (où envoyer les requêtes), fetch (auquel répond le
// serveur de test de la page), les outils look_at et use, leurs toolSchemas, et
// une horloge virtuelle : attendre 4 secondes ne coûte rien pendant le bulletin.
// Lancer joue une exécution dans la scène. Bulletin passe chaque panne en revue.

// essais par appel au modèle, le premier compris
const MAX_ATTEMPTS = 4;
// plafond de la première attente ; il double à chaque fois
const BASE_DELAY_MS = 500;
// aucune attente ne dépasse ceci
const MAX_DELAY_MS = 4000;
// le plus long Retry-After que l'on accepte de suivre
const RETRY_AFTER_CAP_MS = 10000;
// le chien de garde : un appel muet est coupé après ce délai
const CALL_TIMEOUT_MS = 15000;
const MAX_TURNS = 10;
const MAX_ERRORS_IN_A_ROW = 3;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Couche 1, le serveur du modèle. On réessaie ce qui passe souvent tout seul
// (429, 5xx, pas de réponse du tout), jamais ce qui revient pareil (400, 401).
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
      // Pas de réponse : la connexion est tombée, ou le chien de garde a coupé un appel bloqué.
    }
    if (res && res.ok) return (await res.json()).choices[0];

    const status = res ? res.status : 0;
    const passes = res === null || status === 408 || status === 429 || status >= 500;
    if (!passes) throw new Error(`le serveur du modèle a refusé la requête (${status}) ; la renvoyer n'y changerait rien`);
    if (attempt === MAX_ATTEMPTS) throw new Error(`le serveur du modèle échoue encore après ${attempt} essais (${status || 'pas de réponse'})`);
    await sleep(waitBefore(attempt, res));
  }
}

// Le serveur peut dire combien attendre ; sinon une attente au hasard sous un
// plafond qui double (full jitter), pour que les clients ne reviennent pas tous ensemble.
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

// Couche 2, les outils. Toute erreur devient une phrase que le modèle peut lire
// et suivre. Les détails (une pile d'appels, un chemin) vont dans vos journaux, pas à lui.
async function runTool(call) {
  const name = call.function.name;
  const tool = tools[name];
  if (!tool) {
    return { output: `Error: il n'existe pas d'outil ${name}. Les outils sont ${Object.keys(tools).join(' et ')}.`, isError: true };
  }
  let args;
  try {
    args = JSON.parse(call.function.arguments || '{}');
  } catch {
    return { output: `Error: les arguments de ${name} ne sont pas du JSON valide. Renvoyez-les en un seul objet JSON.`, isError: true };
  }
  try {
    return { output: await tool(args), isError: false };
  } catch (err) {
    console.warn(err);
    const sentence = String(err && err.message ? err.message : err).split('\n')[0];
    return { output: `Error: ${sentence}`, isError: true };
  }
}

// La boucle. Elle décide d'après le contenu de la réponse, pas d'après finish_reason
// seul, et passe la main quand elle tourne en rond. Le reste, on le laisse lever.
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
      if (choice.finish_reason === 'length') throw new Error('la réponse a été coupée à la limite de jetons : une demi-réponse n’est pas une réponse');
      return reply.content || '';
    }

    const asked = JSON.stringify(calls.map((c) => [c.function.name, c.function.arguments]));
    if (asked === lastCalls) return `Je bloque : le modèle a demandé deux fois la même chose (${asked}). À vous de jouer.`;
    lastCalls = asked;

    for (const call of calls) {
      const { output, isError } = await runTool(call);
      messages.push({ role: 'tool', tool_call_id: call.id, content: output });
      errorsInARow = isError ? errorsInARow + 1 : 0;
    }
    if (errorsInARow >= MAX_ERRORS_IN_A_ROW) return `Je bloque après ${errorsInARow} erreurs d'outil d'affilée. À vous de jouer.`;
  }
  return `Pas de réponse après ${MAX_TURNS} tours. À vous de jouer.`;
}
