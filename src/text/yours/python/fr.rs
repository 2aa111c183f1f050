//! The Python loop's words in French.

use rusty_lock_engine::yours::exercise::ExerciseId;

pub const PY_LOOP: [&str; 19] = [
    r#"# Votre boucle d'agent, en Python tout simple (bibliothèque standard seulement).
# La page lui fournit : LLM (où envoyer les requêtes), urllib.request (auquel
# répond le serveur de test de la page), TASK, les outils look_at et use dans
# TOOLS, leurs TOOL_SCHEMAS, et une horloge virtuelle : un time.sleep de
# 4 secondes ne coûte rien pendant le bulletin. La page appelle run_agent(TASK).
# Lancer joue une exécution dans la scène. Bulletin passe chaque panne en revue."#,
    r#"# essais par appel au modèle, le premier compris"#,
    r#"# plafond de la première attente, en secondes ; il double à chaque fois"#,
    r#"# aucune attente ne dépasse ceci"#,
    r#"# le plus long Retry-After que l'on accepte de suivre"#,
    r#"# le chien de garde : un appel muet est coupé après ce nombre de secondes"#,
    r#"# Couche 1, le serveur du modèle. On réessaie ce qui passe souvent tout seul
# (429, 5xx, pas de réponse du tout), jamais ce qui revient pareil (400, 401)."#,
    r#"            # Pas de réponse : la connexion est tombée, ou le chien de garde a coupé un appel bloqué."#,
    r#"        if not passes:
            raise RuntimeError(f"le serveur du modèle a refusé la requête ({status}) ; la renvoyer n'y changerait rien") from http_error
        if attempt == MAX_ATTEMPTS:
            raise RuntimeError(f"le serveur du modèle échoue encore après {attempt} essais ({status or 'pas de réponse'})") from http_error"#,
    r#"# Le serveur peut dire combien attendre ; sinon une attente au hasard sous un
# plafond qui double (full jitter), pour que les clients ne reviennent pas tous ensemble."#,
    r#"# Combien de temps le serveur demande d'attendre, en secondes (retry-after-ms,
# ou Retry-After), ou None s'il ne le dit pas."#,
    r#"# Couche 2, les outils. Toute erreur devient une phrase que le modèle peut lire
# et suivre. Les détails (une pile d'appels, un chemin) vont dans vos journaux, pas à lui."#,
    r#"        return f"Error: il n'existe pas d'outil {name}. Les outils sont {' et '.join(TOOLS)}.", True"#,
    r#"        return f"Error: les arguments de {name} ne sont pas du JSON valide. Renvoyez-les en un seul objet JSON.", True"#,
    r#"# La boucle. Elle décide d'après le contenu de la réponse, pas d'après finish_reason
# seul, et passe la main quand elle tourne en rond. Le reste, on le laisse lever."#,
    r#"            if choice.get("finish_reason") == "length":
                raise RuntimeError("la réponse a été coupée à la limite de jetons : une demi-réponse n’est pas une réponse")"#,
    r#"        if asked == last_calls:
            return f"Je bloque : le modèle a demandé deux fois la même chose ({asked}). À vous de jouer.""#,
    r#"        if errors_in_a_row >= MAX_ERRORS_IN_A_ROW:
            return f"Je bloque après {errors_in_a_row} erreurs d'outil d'affilée. À vous de jouer.""#,
    r#"    return f"Pas de réponse après {MAX_TURNS} tours. À vous de jouer.""#,
];

/// Gap comments whose JavaScript words name what Python does not have.
pub const PY_GAPS: [(ExerciseId, &str); 4] = [
    (
        ExerciseId::ErrorInsideTool,
        "✎ À vous : ici, tout KeyError passe pour un outil inconnu, mais use_from_bag en lève un aussi\npour un objet absent de BAG. Vérifiez d'abord le nom de l'outil ; renvoyez toute autre erreur telle quelle.",
    ),
    (
        ExerciseId::ToolErrorBack,
        "✎ À vous : quand l'outil lève une exception, toute l'exécution s'arrête ici.\nAttrapez-la et renvoyez-la comme résultat (is_error à True) : le modèle pourra la lire.",
    ),
    (
        ExerciseId::RetryAfter,
        "✎ À vous : le serveur peut dire combien de temps attendre (Retry-After).\nRespectez-le, sans dépasser RETRY_AFTER_CAP secondes, avant de passer au backoff.",
    ),
    (
        ExerciseId::Watchdog,
        "✎ À vous : rien ne coupe un appel qui ne répond jamais.\nDonnez à urlopen un timeout, pour qu'il abandonne après CALL_TIMEOUT secondes.",
    ),
];

/// The exercises' hints, in exercise order, naming Python's things (`urlopen`, `json.dumps`).
pub const PY_HINTS: [&str; 10] = [
    "Entourez l'appel à l'outil d'un try/except. Dans le except, renvoyez (f\"Error: {err}\", True)\u{a0}: la boucle le met dans l'historique et le modèle le lit.",
    "Renvoyez (phrase, True) au lieu de lever une exception, et construisez la phrase à partir des noms de TOOLS (' et '.join(TOOLS)) pour que le modèle apprenne les vrais noms.",
    "Demandez d'abord si name est dans MY_TOOLS, avant tout appel. Ensuite, un seul except Exception renvoie le message de l'erreur\u{a0}: str(err) d'un KeyError levé dans use_from_bag vaut 'crowbar', ce qui manquait.",
    "Bouclez sur quelques essais. Réessayez quand urlopen lève URLError ou TimeoutError, ou une HTTPError de code 408, 429 ou 5xx. Avant chaque nouvel essai, faites time.sleep(random.uniform(0, min(base × 2^(attempt−1), max))).",
    "passes doit valoir True quand il n'y a aucune réponse (http_error is None), pour 408, 429 et tout statut à partir de 500, et False pour tout le reste.",
    "retry_after(http_error.headers) lit l'en-tête, en secondes. Quand il donne un nombre, renvoyez min(ce nombre, RETRY_AFTER_CAP) avant le backoff au hasard.",
    "Passez timeout=CALL_TIMEOUT à urlopen. Un appel coupé lève TimeoutError, que la boucle de nouveaux essais attrape déjà comme une connexion perdue.",
    "Transformez les appels en texte (noms et arguments) avec json.dumps. S'il est égal à celui du tour précédent, renvoyez une phrase pour un humain\u{a0}; sinon, retenez-le et exécutez les appels.",
    "Journalisez l'erreur complète avec logging.warning(…, exc_info=True), pour vous. Ne donnez au modèle que la première ligne de str(err).",
    "Appelez l'outil une seule fois. S'il lève une exception, renvoyez sa phrase comme résultat\u{a0}: le modèle lit que la réponse s'est perdue et regarde d'abord la salle.",
];
