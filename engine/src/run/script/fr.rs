//! The conversation in French.

use super::{ErrandWords, Meanings, Script};

/// French. The model is addressed with « tu », as a game speaks to its player.
pub static FR: Script = Script {
    system_prompt: "Tu es un aventurier dans une salle de temple. Agis uniquement au moyen des outils. Quand la tâche est accomplie, dis-le en une phrase.",
    task: "Ouvre la porte du temple.",
    handover: "Désolé\u{a0}: j'ai tenté deux fois le même geste sans succès, alors je m'arrête ici et je passe la main à un humain.",
    describe_look_at: "Examine de près un élément de la salle du temple pour connaître son état.",
    describe_use: "Utilise un objet de ton inventaire sur un élément de la salle.",
    field_target_look: "Ce qu'il faut examiner\u{a0}: room, door, lock, key ou oil_can.",
    field_item: "L'objet de l'inventaire à utiliser.",
    field_target_use: "Sur quoi l'utiliser, par exemple door ou lock.",
    see_room: "Une salle de temple silencieuse. Devant toi se dresse une porte de pierre munie d'une serrure en fer. Tu portes une clé et une burette d'huile.",
    see_door_open: "La porte de pierre est ouverte. La lumière du jour entre à flots.",
    see_door_shut: "Une lourde porte de pierre, fermée, munie d'une serrure en fer.",
    see_lock_oiled: "La serrure luit d'huile fraîche.",
    see_lock_rusted: "La serrure en fer est couverte d'une croûte de rouille orange.",
    see_key: "Une vieille clé de bronze. Elle devrait aller dans la serrure de la porte.",
    see_oil_can: "Une petite burette d'huile, presque pleine.",
    nothing_there: "Il n'y a pas de {thing} ici. Tu peux examiner\u{a0}: {targets}.",
    already_oiled: "La serrure est déjà huilée.",
    oil_poured: "Tu verses de l'huile dans la serrure. La rouille se ramollit.",
    already_open: "La porte est déjà ouverte.",
    key_stuck: "La clé refuse de tourner\u{a0}: la serrure est grippée par la rouille. Huile-la d'abord avec use(item=\"oil_can\", target=\"lock\").",
    door_opens: "La clé tourne avec un déclic et la porte du temple pivote.",
    door_relocks: "La clé tourne en sens inverse : la porte se referme, verrouillée de nouveau.",
    reply_lost: "{name} n'a pas répondu à temps. L'appel a peut-être abouti quand même : regardez avant de le refaire.",
    nothing_happens: "Rien ne se passe quand tu utilises {item} sur {target}.",
    no_such_tool: "Aucun outil ne s'appelle {name}. Les outils que tu peux appeler sont {tools}.",
    args_not_json: "Les arguments de {name} ne sont pas du JSON valide. Envoie un objet JSON comme {example}.",
    args_not_object: "Les arguments de {name} doivent former un objet JSON comme {example}.",
    field_missing: "{name} a besoin du champ {field}, qui est absent. Exemple\u{a0}: {example}.",
    field_unknown: "{name} n'a pas de champ {field}. Ses champs sont {fields}.",
    field_not_text: "Le champ {field} de {name} doit être une chaîne, comme \"door\".",
    not_carried: "{value} ne fait pas partie de ton inventaire. {field} doit valoir l'un de ces choix\u{a0}: {allowed}.",
    and: " et ",
    think_look: "Je devrais d'abord examiner la porte.",
    think_oil: "La serrure est rouillée. Je vais l'huiler avant de réessayer la clé.",
    think_key_again: "Je réessaie la clé. Cette fois, elle doit tourner.",
    think_key_oiled: "La serrure est huilée maintenant. J'essaie la clé.",
    think_key_first: "La porte est fermée. Je vais essayer ma clé dessus.",
    think_after_unknown_tool: "Cet outil n'existe pas. J'appelle plutôt {name}.",
    think_after_bad_args: "Mes arguments étaient faux. J'appelle de nouveau {name}, avec des arguments corrigés.",
    think_check_first: "Pas de réponse de {name}, mais il a peut-être agi. Je regarde avant de le refaire.",
    think_key_relocked: "La porte s'est reverrouillée. Je tourne encore une fois la clé dans la serrure.",
    done: "La porte du temple est ouverte. La serrure était rouillée, alors je l'ai huilée, puis la clé a tourné.",
    think_unclear: "Je ne comprends pas ce que cet appel a renvoyé. J'essaie plutôt {name}.",
    lost: "Je n'arrive pas à comprendre ce que disent les outils, alors je m'arrête ici\u{a0}: la porte est peut-être encore fermée.",
    meanings: Meanings {
        stuck: &[
            // With its space: "verrouillée" holds "rouillée".
            " rouill", "'rouill", "ne tourne pas", "refuse de tourner", "ne veut pas tourner", "huile-la d'abord",
            "huilez-la d'abord", "grippé", "bloqué", "coincé",
        ],
        opened: &["s'ouvre", "est ouverte", "déjà ouverte", "pivote", "maintenant ouverte", "grande ouverte"],
        relocked: &["se referme", "verrouillée de nouveau", "reverrouill", "à nouveau verrouill", "de nouveau verrouill"],
        oiled: &["huilé", "luit d'huile", "verses de l'huile", "huile fraîche", "lubrifi"],
        failed: &[
            "rien ne se passe", "rien ne s'est passé", "erreur", "outil inconnu", "aucun outil", "invalide", "échec",
            "impossible", "ne peut pas",
        ],
    },
};

/// The built-in model's words for an errand with a loop's own tools, in this language: a table
/// of its own beside [`Script`], so the adventure's tables (the first load's) do not carry it.
pub static ERRAND: ErrandWords = ErrandWords {
    no_tools: "Je ne peux agir qu'au moyen d'outils (appel de fonctions), et cette requête n'en déclare aucun\u{a0}: je ne peux donc rien appeler. Envoie tes outils dans le champ `tools` de la requête et je m'en servirai.",
    think_call: "Je commence par {name}.",
    think_next: "Ça a marché. Maintenant, {name}.",
    think_retry: "{name} a renvoyé une erreur. Je l'appelle encore une fois, avec d'autres arguments.",
    think_switch: "Ça n'a pas marché. J'essaie plutôt {name}.",
    think_finish: "J'ai ce qu'il me faut. Je rends ma réponse avec {name}.",
    answer: "C'est fait. J'ai utilisé {tools}, et le dernier résultat disait\u{a0}: «\u{a0}{quote}\u{a0}»",
    answer_failed: "Je m'arrête\u{a0}: {name} n'a pas marché, et je ne vais pas réessayer à l'aveugle. La dernière erreur disait\u{a0}: «\u{a0}{quote}\u{a0}»",
    answer_nothing: "Je n'ai trouvé aucun outil utilisable pour cette course, je n'ai donc rien à rapporter.",
    no_reply: "(aucun résultat reçu)",
    query: "porte du temple",
    text: "Notes de la course.",
    city: "Paris",
    city_other: "Lyon",
    not_found: &[
        "introuvable", "n'existe pas", "inexistant", "aucun fichier", "aucun résultat", "pas trouvé", "inconnu",
    ],
    refused: &["permission refusée", "refusé", "interdit", "non autorisé", "pas autorisé", "accès refusé"],
};
