//! Your own loop's words in French.

use crate::text::fr::Fr;
use crate::text::{Core, Yours, YoursLabels};
use rusty_lock_engine::yours::card::{CaseId, CaseOutcome, Leak, Verdict};
use rusty_lock_engine::yours::code_lang::CodeLang;
use rusty_lock_engine::yours::problem::CodeProblem;

pub static YOURS: YoursLabels = YoursLabels {
    yours_title: "Votre propre boucle",
    yours_tagline: "Collez votre boucle d'agent, regardez-la affronter chaque panne et recevez son bulletin.",
    yours_back: "Retour au terrain de jeu",
    yours_editor_label: "Votre boucle d'agent, en JavaScript, TypeScript ou Python",
    yours_run: "Lancer",
    yours_stop: "Arrêter",
    yours_card: "Bulletin",
    yours_reset_code: "Code de départ",
    yours_editor_missing: "L'éditeur de code n'a pas pu être récupéré\u{a0}: voici une simple zone de texte. Votre code s'exécute de la même façon.",
    yours_sandbox_missing: "Le bac à sable qui exécute votre code n'a pas pu être récupéré. Vérifiez la connexion et relancez.",
    yours_stripper_missing: "La partie qui lit le TypeScript n'a pas pu être récupérée. Vérifiez la connexion et relancez.",
    yours_provides_title: "Ce que la page donne à votre code",
    yours_provides_llm: "LLM\u{a0}: une URL de base, un nom de modèle et une clé factice. Aucune vraie clé n'atteint votre code.",
    yours_provides_fetch: "fetch\u{a0}: c'est le serveur de la page qui répond, quel que soit l'hôte. Il parle l'API que parle votre code, reconnue au chemin\u{a0}: OpenAI Chat Completions (POST /chat/completions), l'API Responses d'OpenAI (POST /responses) ou Anthropic Messages (POST /v1/messages, avec l'en-tête anthropic-version). Rien ne part sur le réseau.",
    yours_provides_tools: "look_at et use (aussi dans tools, avec lookAt), asynchrones\u{a0}: ils donnent le résultat ou lèvent l'erreur de l'outil. toolSchemas\u{a0}: leurs schémas JSON.",
    yours_provides_time: "setTimeout, Date.now, performance.now et AbortSignal.timeout en temps virtuel\u{a0}: attendre 4\u{a0}secondes ne coûte rien pendant le bulletin, et se joue à son rythme dans la scène.",
    yours_provides_random: "Math.random, amorcé par le lien, pour qu'une exécution se rejoue à l'identique.",
    yours_provides_end: "Définissez runAgent(task)\u{a0}: la page l'appelle avec TASK. Ce qu'elle renvoie est la réponse\u{a0}; ce qu'elle lève termine l'exécution.",
    yours_provides_terminal: "Un script écrit pour un terminal tourne tel quel\u{a0}: readline et process.stdin donnent la tâche une fois, puis l'entrée se termine\u{a0}; process.argv la porte (après -p si votre code cherche -p)\u{a0}; process.env répond à une clé, une URL ou un modèle avec la clé factice, le serveur de la page et son modèle\u{a0}; fs lit un petit dossier (notes.txt, README.md, data.csv)\u{a0}; child_process refuse toute commande.",
    yours_case_label: "Panne à affronter",
    yours_card_title: "Bulletin",
    yours_card_hint: "Chaque panne est jouée contre votre boucle dans un bac à sable neuf, en temps virtuel, à côté de la boucle robuste de la page.",
    yours_col_case: "Panne",
    yours_col_yours: "Votre boucle",
    yours_col_reference: "Boucle robuste",
    yours_col_verdict: "Verdict",
    yours_open_case: "Ouvrir dans la scène",
    yours_copy_link: "Copier le lien avec mon code",
    yours_copied: "Lien copié. Il ouvre votre code et n'exécute rien avant qu'on appuie sur Lancer.",
    yours_save_file: "Enregistrer dans un fichier",
    yours_open_file: "Ouvrir un fichier",
    yours_link_damaged: "Le code de ce lien n'a pas pu être lu\u{a0}: voici le code de départ à la place.",
    yours_console_title: "Ce que votre code a journalisé",
    yours_not_run: "Rien n'a encore tourné\u{a0}: appuyez sur Lancer pour voir votre boucle, ou sur Bulletin pour affronter chaque panne.",
    yours_perfect: "Un bulletin parfait\u{a0}: chaque panne a été traitée par la bonne couche.",
    yours_empty_schemas: "Vos requêtes envoient une liste tools vide (toolSchemas = [])\u{a0}: les schémas d'outils de la page en tiennent lieu.",
    yours_lang_label: "Langage",
    yours_lang_js: "JavaScript / TypeScript",
    yours_lang_py: "Python",
    yours_no_python: "Python ne tourne ici que dans un navigateur avec WebAssembly JSPI\u{a0}: Chrome ou Edge 137 et suivants, Firefox 153 et suivants, Safari 27 et suivants. JavaScript tourne dans celui-ci\u{a0}: choisissez-le sous «\u{a0}Langage\u{a0}».",
    yours_python_fetch_failed: "Les fichiers de Python n'ont pas pu être récupérés. Python ne marche hors ligne qu'après une première utilisation ici avec une connexion. JavaScript n'a besoin de rien de plus.",
    yours_python_not_started: "Python n'a pas démarré dans cet onglet. Relancez, ou rechargez la page.",
    yours_python_starting: "Démarrage de Python…",
    yours_py_provides_llm: "LLM\u{a0}: un dict avec base_url, model et api_key (un faux). Aucune vraie clé n'atteint jamais votre code.",
    yours_py_provides_fetch: "urllib.request.urlopen\u{a0}: la page y répond avec son propre serveur, quel que soit l'hôte, dans l'API que parle votre code, reconnue au chemin\u{a0}: OpenAI Chat Completions (/chat/completions), l'API Responses d'OpenAI (/responses) ou Anthropic Messages (/v1/messages, avec l'en-tête anthropic-version). Une erreur HTTP lève HTTPError (code, headers, read()), une connexion coupée URLError, et timeout= un TimeoutError. Rien ne part sur le réseau.",
    yours_py_provides_tools: "look_at(target) et use(item, target), aussi dans TOOLS\u{a0}: elles rendent le résultat ou lèvent ValueError avec la phrase de l'outil. TOOL_SCHEMAS\u{a0}: leurs schémas JSON. Vos propres définitions l'emportent.",
    yours_py_provides_time: "time.sleep, time.time et time.monotonic en temps virtuel\u{a0}: une attente de 4 secondes ne coûte rien à la notation et se joue à son rythme dans la scène.",
    yours_py_provides_random: "random, initialisé par le lien, pour qu'un run se rejoue à l'identique. Seule la bibliothèque standard de Python est là.",
    yours_py_provides_end: "Définissez run_agent(task)\u{a0}: la page l'appelle avec TASK. Ce qu'elle renvoie est la réponse\u{a0}; ce qu'elle lève termine le run.",
    yours_py_provides_terminal: "Un script écrit pour un terminal tourne tel quel, en __main__\u{a0}: input() donne la tâche une fois, puis EOFError\u{a0}; sys.argv la porte (après -p si votre code cherche -p)\u{a0}; os.environ répond à une clé, une URL ou un modèle avec la clé factice, le serveur de la page et son modèle\u{a0}; open() lit un petit dossier (notes.txt, README.md, data.csv)\u{a0}; subprocess refuse toute commande.",
};

impl Yours for Fr {
    fn yours_problem(&self, problem: &CodeProblem, code: CodeLang) -> String {
        if code == CodeLang::Python {
            if let Some(said) = python_problem(problem) {
                return said;
            }
        }
        let at = |line: &Option<u32>| line.map(|l| format!("Ligne {l}\u{a0}: ")).unwrap_or_default();
        match problem {
            CodeProblem::Syntax { message, line, column } => format!(
                "Votre code n'a pas pu être lu à la ligne {line}, colonne {column}\u{a0}: {}. Rien n'a tourné\u{a0}: corrigez cette ligne et relancez.",
                message.trim_end_matches('.')
            ),
            CodeProblem::Bug { name, message, line } => format!(
                "Ligne {line}\u{a0}: {name}\u{a0}: {}. C'est une erreur dans le code lui-même, pas une panne jouée par la page.",
                short(message.trim_end_matches('.'))
            ),
            CodeProblem::Package { name, line } => format!(
                "{}cette page n'a aucun paquet, «\u{a0}{}\u{a0}» ne peut donc pas être importé. Elle donne à votre code fetch et les outils look_at et use à la place. Appelez le modèle avec fetch(`${{LLM.baseURL}}/chat/completions`, {{ method: 'POST', headers: {{ 'Content-Type': 'application/json', Authorization: `Bearer ${{LLM.apiKey}}` }}, body: JSON.stringify({{ model: LLM.model, messages, tools: toolSchemas }}) }}).",
                at(line),
                short(name)
            ),
            CodeProblem::Process { line } => format!(
                "{}il n'y a pas de process ici\u{a0}: cette page n'est pas Node. Prenez LLM.apiKey pour la clé, LLM.baseURL pour l'adresse du serveur et LLM.model pour le nom du modèle.",
                at(line)
            ),
            CodeProblem::NoAgent { found } => {
                let defined = if found.is_empty() {
                    "Votre code ne définit aucune fonction à son niveau le plus haut.".to_string()
                } else {
                    format!(
                        "Votre code définit {}\u{a0}: nommez runAgent celle qui fait tourner la boucle.",
                        found.join(", ")
                    )
                };
                format!("Rien n'a tourné\u{a0}: la page cherche une fonction nommée runAgent(task) (ou run_agent), ou un appel au niveau le plus haut qu'elle peut attendre (await runAgent(TASK)). {defined}")
            }
            CodeProblem::Input { line } => format!(
                "{}prompt() attend que quelqu'un tape, et personne ne tape ici\u{a0}: votre boucle n'a jamais atteint le modèle. La page appelle runAgent(task) avec la tâche\u{a0}: prenez-la là.",
                at(line)
            ),
            CodeProblem::WebPage { name, line } => format!(
                "{}«\u{a0}{}\u{a0}» appartient à une page web, et votre code tourne dans un worker sans page\u{a0}: il n'a jamais atteint le modèle. Gardez la boucle à l'écart du DOM\u{a0}; il lui faut seulement fetch et les outils.",
                at(line),
                short(name)
            ),
            CodeProblem::NoRequest { threw, line } => no_request(threw, line, "runAgent"),
        }
    }
    fn yours_python_fetching(&self, loaded: f64, total: f64) -> String {
        if total > 0.0 {
            format!(
                "Téléchargement de Python ({} sur {}\u{a0}; la première fois seulement)",
                megabytes(loaded),
                megabytes(total)
            )
        } else {
            "Téléchargement de Python (la première fois seulement)…".to_string()
        }
    }
    fn yours_blocked(&self, budget_ms: u64) -> String {
        format!(
            "Votre code n'a pas rendu la main en {}\u{a0}: son bac à sable a été démonté.",
            self.duration(budget_ms)
        )
    }
    fn yours_too_long(&self, chars: usize, max: usize) -> String {
        format!("Votre code donne un lien de {chars}\u{a0}caractères, plus que les {max} qu'un lien peut porter sans risque. Enregistrez-le plutôt dans un fichier.")
    }
    fn yours_cost(&self, requests: u32, virtual_ms: u64) -> String {
        let calls =
            if requests <= 1 { format!("{requests}\u{a0}requête") } else { format!("{requests}\u{a0}requêtes") };
        format!("{calls}, {}", self.duration(virtual_ms))
    }
    fn yours_card_count(&self, passed: usize, total: usize) -> String {
        format!("{passed} pannes sur {total} traitées par la bonne couche.")
    }
    fn yours_grading(&self, done: usize, total: usize) -> String {
        format!("Évaluation\u{a0}: {done} sur {total}…")
    }
    fn yours_card_page_failed(&self, failed: usize) -> String {
        if failed <= 1 {
            format!("{failed}\u{a0}panne que la page n'a pas pu jouer\u{a0}: elle ne compte ni pour ni contre.")
        } else {
            format!("{failed}\u{a0}pannes que la page n'a pas pu jouer\u{a0}: elles ne comptent ni pour ni contre.")
        }
    }
    fn yours_at_lines(&self, lines: &[u32]) -> String {
        let list = lines.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
        if lines.len() == 1 {
            format!("ligne\u{a0}{list}")
        } else {
            format!("lignes\u{a0}{list}")
        }
    }
    fn yours_card_nothing_ran(&self) -> String {
        "Pas de bulletin\u{a0}: votre code n'a jamais atteint le modèle, aucune panne ne l'a donc rencontré. Ce qui l'a arrêté est dit plus haut.".into()
    }
    fn yours_card_left_out(&self, left: usize) -> String {
        if left <= 1 {
            format!("{left}\u{a0}panne laissée de côté\u{a0}: elle a besoin des outils de la page.")
        } else {
            format!("{left}\u{a0}pannes laissées de côté\u{a0}: elles ont besoin des outils de la page.")
        }
    }
    fn yours_own_tools(&self, own: &[String]) -> String {
        let (tools, them) = if own.len() == 1 {
            ("son propre outil", "ne l'a jamais exécuté")
        } else {
            ("ses propres outils", "ne les a jamais exécutés")
        };
        format!(
            "Votre code fait tourner {tools} ({})\u{a0}: la page {them}, donc la porte et la réponse sont jugées d'après les résultats d'outils que le modèle a lus.",
            names(own)
        )
    }
    fn yours_page_stood_in(&self, stood_in: &[String]) -> String {
        if stood_in.len() == 1 {
            format!("{} est celui de la page\u{a0}: votre code s'en sert sans le définir.", names(stood_in))
        } else {
            format!("{} sont ceux de la page\u{a0}: votre code s'en sert sans les définir.", names(stood_in))
        }
    }

    fn yours_env_read(&self, read: &[String]) -> String {
        let (key, url, model) = super::env_kinds(read);
        let mut gave = Vec::new();
        if key {
            gave.push("une clé factice (jamais une vraie)".to_string());
        }
        if url {
            gave.push("l'adresse de son propre serveur".to_string());
        }
        if model {
            gave.push("le nom de son modèle".to_string());
        }
        format!(
            "Votre code a lu {} dans son environnement\u{a0}: la page a répondu avec {}.",
            names(read),
            names(&gave)
        )
    }
    fn yours_case(&self, case: CaseId) -> &'static str {
        match case {
            CaseId::Plain => "Aucune panne\u{a0}: la serrure rouillée seule",
            CaseId::RateLimited => "429 avec Retry-After",
            CaseId::RateLimitedLong => "429 qui demande une heure",
            CaseId::Http500 => "500 erreur du serveur",
            CaseId::Http502 => "502 mauvaise passerelle",
            CaseId::Http503 => "503 indisponible",
            CaseId::Jitter => "503 encore, avec une autre graine",
            CaseId::Dropped => "Connexion coupée",
            CaseId::Hang => "Un appel qui reste bloqué",
            CaseId::Slow => "Une réponse lente",
            CaseId::SlowAlways => "Une réponse lente qui le reste",
            CaseId::BadRequest => "400 requête invalide",
            CaseId::Unauthorized => "401 mauvaise clé",
            CaseId::BadJson => "JSON cassé dans les arguments",
            CaseId::UnknownTool => "Un outil qui n'existe pas",
            CaseId::SchemaInvalid => "Des arguments hors du schéma",
            CaseId::MissingArg => "Un argument manquant",
            CaseId::ToolTimeout => "La réponse d'un outil perdue",
            CaseId::StopWithCalls => "Des appels d'outil qui disent stop",
            CaseId::CutAtLength => "Une réponse coupée à la limite",
            CaseId::Stubborn => "Un modèle têtu",
        }
    }
    fn yours_outcome(&self, outcome: &CaseOutcome) -> String {
        match outcome {
            CaseOutcome::Answered { door_open: true } => "a répondu, porte ouverte".into(),
            CaseOutcome::Answered { door_open: false } => "a répondu, porte encore fermée".into(),
            CaseOutcome::AnsweredErrand { done: true } => "a répondu, course faite".into(),
            CaseOutcome::AnsweredErrand { done: false } => "a répondu avant la fin de la course".into(),
            CaseOutcome::Threw { message } => format!("a levé «\u{a0}{}\u{a0}»", short(message)),
            CaseOutcome::Stalled => "a attendu pour toujours".into(),
            CaseOutcome::Blocked { budget_ms } => format!("a bloqué la page {}", self.duration(*budget_ms)),
            CaseOutcome::TimeLimit => "attendait encore à la limite de temps".into(),
            CaseOutcome::TooManyRequests => "a appelé sans fin jusqu'à l'arrêt".into(),
            CaseOutcome::Stopped => "arrêtée".into(),
            CaseOutcome::SandboxError { .. } => "n'a pas pu démarrer".into(),
            CaseOutcome::NoAgent => "aucune runAgent à lancer".into(),
            CaseOutcome::Unfinished => "inachevée".into(),
            CaseOutcome::Harness { outcome } => self.outcome_title(outcome).to_lowercase(),
        }
    }
    fn yours_verdict(&self, verdict: &Verdict) -> String {
        match verdict {
            Verdict::RightLayer { layer: Some(layer) } => {
                format!("Traité par la bonne couche\u{a0}: {}", self.layer_name(*layer).to_lowercase())
            }
            Verdict::RightLayer { layer: None } => "Rien à traiter, et la réponse est venue".into(),
            Verdict::RetriedPermanent { status } => format!("A réessayé un {status}"),
            Verdict::IgnoredRetryAfter { asked_ms, waited_ms } => {
                format!(
                    "A ignoré Retry-After\u{a0}: {} d'attente quand le serveur demandait {}",
                    self.duration(*waited_ms),
                    self.duration(*asked_ms)
                )
            }
            Verdict::NoBackoff { waited_ms } => {
                format!("Pas de backoff\u{a0}: nouvel essai après {}", self.duration(*waited_ms))
            }
            Verdict::NoRetry { .. } => "A abandonné sur une panne qui passe toute seule".into(),
            Verdict::RetryStorm { attempts } => format!("{attempts}\u{a0}essais sur un seul tour"),
            Verdict::ShowedServerErrorToModel { status } => format!("A montré un {status} au modèle"),
            Verdict::DroppedToolCalls => "A laissé tomber les appels d'outil".into(),
            Verdict::TookCutReply => "A pris une réponse coupée pour la réponse".into(),
            Verdict::WaitedForever => "A attendu pour toujours\u{a0}: pas de chien de garde".into(),
            Verdict::WatchdogTooShort { cut_after_ms, answers_after_ms } => format!(
                "Chien de garde trop court\u{a0}: il a coupé à {} une réponse qui arrivait après {}",
                self.duration(*cut_after_ms),
                self.duration(*answers_after_ms)
            ),
            Verdict::NoRetryAfterCeiling { asked_ms } => format!(
                "Pas de plafond sur Retry-After\u{a0}: le serveur a demandé {} et il a accepté de tout attendre",
                self.duration(*asked_ms)
            ),
            Verdict::NoJitter { waits_ms } => format!(
                "Pas d'aléa\u{a0}: avec une autre graine, il a attendu pareil, {}",
                waits_ms.iter().map(|w| self.duration(*w)).collect::<Vec<_>>().join(", ")
            ),
            Verdict::SpentSignal { retries } => format!(
                "A réessayé avec un signal usé\u{a0}: {} parti{} avec un signal d'annulation déjà déclenché, en échec aussitôt",
                if *retries == 1 { "1\u{a0}essai est".to_string() } else { format!("{retries}\u{a0}essais sont") },
                if *retries == 1 { "" } else { "s" }
            ),
            Verdict::LostRunOnToolError => "A perdu l'exécution sur une erreur d'outil".into(),
            Verdict::NoGuard => "Pas de garde-fou\u{a0}: la page a dû l'arrêter".into(),
            Verdict::LeakedToModel { leak: Leak::Key } => "A montré la clé d'API au modèle".into(),
            Verdict::LeakedToModel { leak: Leak::StackTrace } => "A montré une pile d'appels au modèle".into(),
            Verdict::RetriedUnsafeTool => "A rappelé un outil dont la réponse s'était perdue".into(),
            Verdict::NotHandled { expected: Some(layer) } => {
                format!("Non traité\u{a0}: c'était à {}", self.layer_name(*layer).to_lowercase())
            }
            Verdict::NotHandled { expected: None } => "N'est pas arrivé à la réponse".into(),
            Verdict::NeverReachedModel => "N'a jamais atteint le modèle\u{a0}: rien à noter".into(),
            Verdict::PageCouldNotRun => "La page n'a pas pu jouer ce cas".into(),
            Verdict::ReadErrorAsAnswer { status, error } => {
                format!("A lu une erreur {status} comme une réponse\u{a0}: fin sur un {error}")
            }
            Verdict::BareToolError { said } if said.trim().is_empty() => {
                "A envoyé au modèle une erreur d'outil vide".into()
            }
            Verdict::BareToolError { said } => {
                format!("A envoyé au modèle une erreur d'outil nue\u{a0}: «\u{a0}{}\u{a0}»", short(said))
            }
            Verdict::NeedsPageTools { tools } => {
                format!("Demande les outils de la page\u{a0}: votre code fait tourner son propre {}", names(tools))
            }
        }
    }
    fn yours_fix(&self, verdict: &Verdict, code: CodeLang) -> Option<String> {
        let py = code == CodeLang::Python;
        let pick = |js: &'static str, python: &'static str| if py { python } else { js };
        Some(String::from(match verdict {
            Verdict::RightLayer { .. } => return None,
            Verdict::RetriedPermanent { .. } => "Un 400 ou un 401 revient pareil à chaque fois\u{a0}: levez-le tout de suite.",
            Verdict::IgnoredRetryAfter { .. } => pick(
                "Lisez retry-after-ms ou Retry-After (res.headers.get('retry-after')) et attendez ce temps-là, sous un plafond.",
                "Lisez retry-after-ms ou Retry-After (e.headers.get('Retry-After') de la HTTPError) et faites time.sleep de ce temps-là, sous un plafond.",
            ),
            Verdict::NoBackoff { .. } => pick(
                "Attendez avant chaque nouvel essai\u{a0}: un temps au hasard sous un plafond qui double.",
                "Faites time.sleep avant chaque nouvel essai\u{a0}: random.uniform(0, plafond), sous un plafond qui double.",
            ),
            Verdict::NoRetry { .. } => pick(
                "Réessayez quelques fois un 429, un 5xx ou une connexion perdue, avec backoff\u{a0}: lisez res.status, et attrapez l'erreur que lève fetch quand la connexion tombe.",
                "Réessayez quelques fois un 429, un 5xx ou une connexion perdue, avec backoff\u{a0}: except urllib.error.HTTPError as e: lisez e.code\u{a0}; une URLError est une connexion perdue.",
            ),
            Verdict::RetryStorm { .. } => "Limitez les essais\u{a0}: trois ou quatre, puis laissez lever.",
            Verdict::ShowedServerErrorToModel { .. } => "Réessayez les erreurs du serveur dans votre code\u{a0}; le modèle ne peut pas réparer un serveur.",
            Verdict::DroppedToolCalls => pick(
                "Décidez d'après le contenu\u{a0}: s'il y a des tool_calls, exécutez-les, quoi que dise finish_reason.",
                "Décidez d'après le contenu\u{a0}: si message.get(\"tool_calls\") contient des appels, exécutez-les, quoi que dise finish_reason.",
            ),
            Verdict::TookCutReply => "Une réponse qui finit par finish_reason length n'est pas une réponse\u{a0}: dites-le, ne la renvoyez pas.",
            Verdict::WaitedForever => pick(
                "Donnez une échéance à chaque appel (signal: AbortSignal.timeout(ms)) et réessayez quand elle passe.",
                "Donnez une échéance à chaque appel (urlopen(requête, timeout=15)) et réessayez quand elle passe\u{a0}: il lève TimeoutError.",
            ),
            Verdict::WatchdogTooShort { answers_after_ms, .. } => {
                return Some(format!(
                    "Une bonne réponse a pris {} ici\u{a0}: laissez à chaque appel plus que votre bonne réponse la plus lente, et ne coupez que ce qui reste muet.",
                    self.duration(*answers_after_ms)
                ))
            }
            Verdict::NoRetryAfterCeiling { .. } => "Respectez Retry-After jusqu'à un plafond à vous (10\u{a0}s, par exemple)\u{a0}: au-delà, attendez le plafond, ou abandonnez en disant pourquoi.",
            Verdict::NoJitter { .. } => pick(
                "Attendez un temps au hasard sous le plafond (Math.random() * plafond), pour que des clients tombés ensemble ne reviennent pas ensemble.",
                "Attendez un temps au hasard sous le plafond (random.uniform(0, plafond)), pour que des clients tombés ensemble ne reviennent pas ensemble.",
            ),
            Verdict::SpentSignal { .. } => pick(
                "Créez un signal neuf à chaque essai (AbortSignal.timeout(ms) dans la boucle)\u{a0}: un signal déclenché fait échouer chaque fetch qui le reçoit.",
                "Donnez à chaque essai sa propre échéance\u{a0}: une échéance déjà passée fait échouer chaque appel qui la reçoit.",
            ),
            Verdict::LostRunOnToolError => pick(
                "Attrapez les erreurs d'outil (try/catch autour de l'appel) et renvoyez le message comme résultat de l'outil.",
                "Attrapez les erreurs d'outil (except Exception as e: autour de l'appel) et renvoyez la phrase comme résultat de l'outil.",
            ),
            Verdict::NoGuard => "Arrêtez-vous après quelques erreurs d'outil d'affilée, ou le même appel deux fois, et passez la main.",
            Verdict::LeakedToModel { .. } => "Gardez les détails dans vos journaux\u{a0}; au modèle, une seule phrase simple, jamais de clé ni de pile d'appels.",
            Verdict::RetriedUnsafeTool => "L'outil a peut-être agi avant que sa réponse se perde\u{a0}: renvoyez l'erreur au modèle, qui peut regarder d'abord.",
            Verdict::NotHandled { .. } => "Ouvrez le cas dans la scène et comparez avec la boucle robuste.",
            Verdict::NeedsPageTools { .. } => pick(
                "Compté ni réussi ni raté\u{a0}: cette panne se produit dans les outils de la page. Pour la rencontrer, laissez-les prendre le relais\u{a0}: supprimez votre fonction du même nom, ou pointez vos tools vers celle de la page (use: globalThis.use).",
                "Compté ni réussi ni raté\u{a0}: cette panne se produit dans les outils de la page. Pour la rencontrer, laissez-les prendre le relais\u{a0}: supprimez votre def du même nom, ou pointez vos outils vers celui de la page (\"use\": TOOLS[\"use\"]).",
            ),
            Verdict::NeverReachedModel => "Compté ni réussi ni raté\u{a0}: corrigez ce qui a arrêté le code (dit au-dessus du bulletin), puis relancez le bulletin.",
            Verdict::PageCouldNotRun => "Compté ni réussi ni raté\u{a0}: le bac à sable de la page a échoué deux fois sur ce cas, ce qui ne dit rien de votre code. Relancez le bulletin.",
            Verdict::ReadErrorAsAnswer { .. } => pick(
                "Vérifiez le statut avant de lire la réponse\u{a0}: if (!res.ok), le corps d'une erreur n'a pas de choices\u{a0}; réessayez un 429 ou un 5xx, levez un 400 ou un 401.",
                "Vérifiez le statut avant de lire la réponse\u{a0}: urlopen lève urllib.error.HTTPError (e.code), et avec requests appelez raise_for_status()\u{a0}; réessayez un 429 ou un 5xx, levez un 400 ou un 401.",
            ),
            Verdict::BareToolError { .. } => pick(
                "Écrivez les erreurs d'outil pour le modèle\u{a0}: dites ce qui n'allait pas et quoi faire à la place («\u{a0}il n'y a pas d'outil open_door\u{a0}; les outils sont look_at et use\u{a0}»), pas seulement un nom.",
                "Écrivez les erreurs d'outil pour le modèle\u{a0}: dites ce qui n'allait pas et quoi faire à la place («\u{a0}il n'y a pas d'outil open_door\u{a0}; les outils sont look_at et use\u{a0}»). str(e) d'une KeyError n'est que la clé.",
            ),
        }))
    }
}

/// A run that ended before its first request: what it did instead, and where to look.
fn no_request(threw: &Option<String>, line: &Option<u32>, agent: &str) -> String {
    let at = line.map(|l| format!(" à la ligne {l}")).unwrap_or_default();
    match threw {
        Some(message) => format!("Votre code s'est arrêté{at} sur «\u{a0}{}\u{a0}» avant d'envoyer la moindre requête au modèle\u{a0}: aucune panne n'a pu l'atteindre. Rien n'est noté tant qu'il n'appelle pas le modèle.", short(message)),
        None => format!("Votre code s'est terminé sans envoyer la moindre requête au modèle\u{a0}: aucune panne n'a pu l'atteindre. {agent}(task) doit appeler le modèle (à l'URL de base que donne la page) pour que quelque chose soit noté."),
    }
}

/// Tool names as a sentence lists them: `use`, `use et look_at`.
fn names(list: &[String]) -> String {
    match list {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} et {last}", rest.join(", ")),
    }
}

/// The first line of a message, cut short for a table cell.
fn short(text: &str) -> String {
    crate::text::short_text(text.lines().next().unwrap_or_default(), 80)
}

/// The starting code's words in this language, one per `⟦n⟧` of `src/text/loop/loop.js`: its
/// comments, and the lines whose sentences the model or the learner reads.
pub const LOOP: [&str; 18] = [
    r#"// Votre boucle d'agent, en JavaScript (le TypeScript se colle tel quel).
// La page lui fournit : LLM (où envoyer les requêtes), fetch (auquel répond le
// serveur de test de la page), les outils look_at et use, leurs toolSchemas, et
// une horloge virtuelle : attendre 4 secondes ne coûte rien pendant le bulletin.
// Lancer joue une exécution dans la scène. Bulletin passe chaque panne en revue."#,
    r#"// essais par appel au modèle, le premier compris"#,
    r#"// plafond de la première attente ; il double à chaque fois"#,
    r#"// aucune attente ne dépasse ceci"#,
    r#"// le plus long Retry-After que l'on accepte de suivre"#,
    r#"// le chien de garde : un appel muet est coupé après ce délai"#,
    r#"// Couche 1, le serveur du modèle. On réessaie ce qui passe souvent tout seul
// (429, 5xx, pas de réponse du tout), jamais ce qui revient pareil (400, 401)."#,
    r#"      // Pas de réponse : la connexion est tombée, ou le chien de garde a coupé un appel bloqué."#,
    r#"    if (!passes) throw new Error(`le serveur du modèle a refusé la requête (${status}) ; la renvoyer n'y changerait rien`);
    if (attempt === MAX_ATTEMPTS) throw new Error(`le serveur du modèle échoue encore après ${attempt} essais (${status || 'pas de réponse'})`);"#,
    r#"// Le serveur peut dire combien attendre ; sinon une attente au hasard sous un
// plafond qui double (full jitter), pour que les clients ne reviennent pas tous ensemble."#,
    r#"// Couche 2, les outils. Toute erreur devient une phrase que le modèle peut lire
// et suivre. Les détails (une pile d'appels, un chemin) vont dans vos journaux, pas à lui."#,
    r#"    return { output: `Error: il n'existe pas d'outil ${name}. Les outils sont ${Object.keys(tools).join(' et ')}.`, isError: true };"#,
    r#"    return { output: `Error: les arguments de ${name} ne sont pas du JSON valide. Renvoyez-les en un seul objet JSON.`, isError: true };"#,
    r#"// La boucle. Elle décide d'après le contenu de la réponse, pas d'après finish_reason
// seul, et passe la main quand elle tourne en rond. Le reste, on le laisse lever."#,
    r#"      if (choice.finish_reason === 'length') throw new Error('la réponse a été coupée à la limite de jetons : une demi-réponse n’est pas une réponse');"#,
    r#"    if (asked === lastCalls) return `Je bloque : le modèle a demandé deux fois la même chose (${asked}). À vous de jouer.`;"#,
    r#"    if (errorsInARow >= MAX_ERRORS_IN_A_ROW) return `Je bloque après ${errorsInARow} erreurs d'outil d'affilée. À vous de jouer.`;"#,
    r#"  return `Pas de réponse après ${MAX_TURNS} tours. À vous de jouer.`;"#,
];

/// The mistakes whose fix is written differently in Python (a package, a key from the
/// environment, no `run_agent`); the others are said as for JavaScript.
fn python_problem(problem: &CodeProblem) -> Option<String> {
    let at = |line: &Option<u32>| line.map(|l| format!("Ligne {l}\u{a0}: ")).unwrap_or_default();
    Some(match problem {
        CodeProblem::Package { name, line } => format!("{}il n'y a ici aucun paquet en dehors de la bibliothèque standard de Python, «\u{a0}{}\u{a0}» ne peut donc pas être importé. Appelez le modèle avec urllib.request\u{a0}: urlopen(Request(LLM[\"base_url\"] + \"/chat/completions\", data=json.dumps({{\"model\": LLM[\"model\"], \"messages\": messages, \"tools\": TOOL_SCHEMAS}}).encode(), headers={{\"Content-Type\": \"application/json\", \"Authorization\": \"Bearer \" + LLM[\"api_key\"]}}), timeout=15).", at(line), short(name)),
        CodeProblem::Input { line } => format!("{}input() est redemandé avant le moindre appel au modèle. Ici, le premier input() reçoit la tâche (TASK), comme si quelqu'un l'avait tapée, et le suivant rencontre la fin de l'entrée (EOFError). Lisez la tâche une seule fois, ou prenez-la en argument de run_agent(task).", at(line)),
        CodeProblem::NoRequest { threw, line } => no_request(threw, line, "run_agent"),
        CodeProblem::Process { line } => format!("{}il n'y a pas ici d'environnement où lire une clé. Prenez LLM[\"api_key\"] pour la clé, LLM[\"base_url\"] pour l'adresse du serveur et LLM[\"model\"] pour le nom du modèle.", at(line)),
        CodeProblem::NoAgent { found } => {
            let defined = if found.is_empty() {
                "Votre code ne définit aucune fonction à son niveau le plus haut.".to_string()
            } else {
                format!("Votre code définit {}\u{a0}: nommez run_agent celle qui fait tourner la boucle.", found.join(", "))
            };
            format!("Rien n'a tourné\u{a0}: la page cherche une fonction nommée run_agent(task), ou un appel au niveau le plus haut (run_agent(TASK)). {}", defined)
        }
        _ => return None,
    })
}

/// Bytes as megabytes, one decimal.
fn megabytes(bytes: f64) -> String {
    format!("{:.1}\u{a0}Mo", bytes / 1_000_000.0).replace('.', ",")
}
