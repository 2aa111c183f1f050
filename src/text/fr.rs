//! French. Typography: a no-break space before « : », a narrow one before « ; ? ! », and
//! no-break spaces inside « guillemets ». Numbers: decimal comma, narrow no-break space between
//! thousands. Plurals: singular for 0 and 1.

use super::*;
use rusty_lock_engine::run::builtin::Personality;
use rusty_lock_engine::run::chaos::{Fault, RATE_LIMIT_RETRY_AFTER_MS, SLOW_MS};
use rusty_lock_engine::run::config::Guards;
use rusty_lock_engine::run::connection::{Diagnosis, NotOpenAi, Preset};
use rusty_lock_engine::run::error_text::{ErrorText, Secret};
use rusty_lock_engine::run::events::{
    Ending, Event, FailReason, FinalBecause, Guard, GuardDetail, Layer, Outcome, Quirk,
};
use rusty_lock_engine::run::provider::{BodyProblem, CallFailure, WaitReason};
use rusty_lock_engine::run::tools::ToolErrorKind;
use rusty_lock_engine::show::lessons::LessonId;
use rusty_lock_engine::show::listing::Note;
use rusty_lock_engine::show::own_lesson::{MAX_TEXT_CHARS, MAX_TITLE_CHARS};
use rusty_lock_engine::show::scenario::{FaultProblem, Problem, Setting, SPEEDS};
use rusty_lock_engine::show::trace::{Damage, TraceError, MAX_TRACE_BYTES, TRACE_FORMAT, TRACE_VERSION};
use rusty_lock_engine::show::verdict::Said;
use rusty_lock_engine::show::view::BoardKind;

/// The decimal sign of the engine's numbers in fixed words ([`numbers`]). French writes a decimal comma: `0,5 s`.
const SIGN: &str = ",";

/// French: fetched as a lazy part when chosen.
pub struct Fr;

/// The French form of a noun for `n`: singular for 0 and 1, plural from 2 on.
fn plural(n: u64, one: &'static str, many: &'static str) -> &'static str {
    if n <= 1 {
        one
    } else {
        many
    }
}

pub static CORE: CoreLabels = CoreLabels {
    compare_short: "Naïve ou robuste",
    page_title: "Rusty Lock : qui rattrape chaque échec dans une boucle d’agent ?",
    page_description: "Un terrain de jeu où une vraie boucle d’agent ouvre la porte d’un temple, et où vous la cassez exprès pour voir quelle couche rattrape chaque échec.",
    language: "Langue",
    file_unreadable: "Le fichier n’a pas pu être lu.",
    title: "Rusty Lock",
    tagline: "Cassez exprès une boucle d'agent. Voyez qui gère chaque échec.",
    run: "Lancer",
    stop: "Arrêter",
    speed: "Vitesse",
    faults: "Pannes",
    faults_hint: "Activez-en une, choisissez le tour où elle frappe, puis appuyez sur Lancer. Vous pouvez aussi les changer en cours d'exécution.",
    log: "Journal des événements",
    log_empty: "Appuyez sur Lancer pour démarrer l'agent.",
    turn: "Tour",
    on_turn: "au tour",
    times: "×",
    fatal: "Rusty Lock a rencontré un bug dont il ne peut pas se remettre. Rechargez : votre scénario est dans l'adresse, il revient tel quel.",
    fatal_reload: "Recharger",
    handled_by: "Géré par",
    layer_row: "Qui gère chaque échec",
    open_faults: "Pannes",
    close_faults: "Fermer les pannes",
    start_here: "Première visite\u{202f}? Commencez par la leçon 1 →",
    start_here_hint: join!(
        whole!(rusty_lock_engine::show::lessons::LESSONS.len() as u64),
        " courtes exécutions\u{a0}: devinez quelle couche gère chaque échec, puis regardez-la faire."
    ),
    door: "Porte\u{a0}:",
    lock: "Serrure\u{a0}:",
    running: "En cours…",
    running_hint: "Arrêter met fin à l'exécution tout de suite\u{202f}; Pause la fige sur cette étape.",
    replaying: "Relecture…",
    replaying_hint: "Arrêter met fin à la relecture\u{202f}; Pause la fige sur cette étape.",
    ready: "Prêt",
    speed_labels: ["0,25×", "0,5×", "1×", "2×", "4×", "immédiat"],
    link_notice_title: "Une partie de ce lien a été ignorée\u{a0}:",
    dismiss: "Fermer",
    part_missing: "Cette partie de la page n'a pas pu être chargée. Vérifiez la connexion et rechargez la page.",
    engine_part_missing: "La boucle elle-même n'a pas pu être chargée\u{a0}: l'exécution n'a pas démarré. Vérifiez la connexion et appuyez de nouveau sur Lancer.",
    replay_part_missing: "La boucle n'a pas pu être chargée\u{a0}: la trace n'a pas été rejouée. Vérifiez la connexion et rouvrez le fichier.",
    lessons: "Leçons",
    open_full: "Ouvrir la version complète ↗",
    show_settings: "Réglages",
    pause_at_failure: "Pause au premier échec",
    who_answers: "Qui répond",
    builtin: "Modèle intégré",
    real_endpoint: "Endpoint réel",
    scene: "L'aventure",
    scene_robust: "La boucle robuste\u{a0}: elle attrape ce qu'elle peut",
    scene_idle: "Le héros, c'est la boucle\u{202f}; l'oracle, c'est le modèle\u{202f}; la porte rouillée, c'est la salle sur laquelle agissent les outils.",
    hero: "la boucle",
    oracle: "le modèle",
    the_room: "la salle",
    asks_for_a_tool: "DEMANDE UN OUTIL",
    final_answer: "RÉPONSE FINALE",
    final_answer_text: "La porte est ouverte.",
    final_answer_shut: "Porte encore close.",
    answered_door_shut: "La boucle prend la réponse pour sa réponse finale, et pourtant la porte est encore fermée.",
    tool_error_back: "Erreur\u{a0}: renvoyée au modèle",
    tool_error_thrown: "Erreur\u{a0}: levée, non attrapée",
    tool_worked: "Résultat\u{a0}: dans l'historique",
    caught_by_code: "votre code va réessayer",
    nobody_can_fix: "personne ne peut corriger",
    villain: "NON ATTRAPÉE",
    guard_sign: "GARDE-FOU",
    stopped_sign: "ARRÊTÉ",
    handed_over: "ESCALADE",
    turns_left_label: "Tours restants",
    resent: "Renvoyé à chaque tour",
    resent_empty: "Une barre par tour, chacune plus haute\u{a0}: tout l'historique est renvoyé.",
    resent_nothing: "Rien n'a encore été envoyé.",
    play: "Lecture",
    pause: "Pause",
    replay: "Rejouer",
    step_back: "Étape précédente",
    step_forward: "Étape suivante",
    first_step: "Première étape",
    last_step: "Dernière étape",
    timeline: "Frise des étapes de l'exécution",
    skip_to_player: "Aller au lecteur",
    yours_link: "Votre boucle",
    player: "Lecteur",
    keys_hint: "Touches\u{a0}: Espace lance, lit ou met en pause, \u{2190} \u{2192} avancent d'une étape, Début, Fin, T pas à pas",
    keys_hint_narrate:
        "Télécommande\u{a0}: Pg Suiv temps suivant, \u{2192} ou Espace une étape \u{b7} Pg Préc ou \u{2190} retour \u{b7} F panne suivante \u{b7} Fin issue \u{b7} T minuté",
    compare: "Comparer\u{a0}: boucle naïve contre boucle robuste",
    stuck: "Bloquée",
    stuck_detail: "Elle attend une réponse pour toujours\u{a0}: la boucle naïve n'a pas de watchdog.",
    still_going: "Toujours en cours",
    looking_back: "Retour en arrière",
};

pub static BELOW: BelowLabels = BelowLabels {
    model: "Modèle",
    guards: "Garde-fous",
    retry: "Nouvelles tentatives (votre code)",
    seed: "Graine",
    board: "Qui s'en est chargé\u{202f}?",
    history: "Historique des messages (renvoyé en entier à chaque tour)",
    off_when_zero: "0 = désactivé",
    max_turns: "Tours max",
    max_errors: "Erreurs d'affilée",
    watchdog: "Watchdog (ms)",
    repeat_guard: "Arrêt si le même appel revient",
    max_attempts: "Tentatives au total",
    no_retry_hint: "1 = sans nouvel essai",
    base_delay: "Première attente (ms)",
    max_delay: "Attente maximale (ms)",
    retry_after_cap: "Plafond Retry-After (ms)",
    jitter: "Jitter (attente aléatoire)",
    retry_everything: "Réessayer tout échec, même 400 et 401 (la mauvaise école)",
    lost_reply: "Réponse perdue d'un outil",
    lost_reply_tell: "Dire au modèle de vérifier d'abord (la bonne école)",
    lost_reply_retry: "Relancer l'outil (la mauvaise école)",
    share_link: "Lien vers ce scénario",
    copy_link: "Copier le lien",
    copied: "Copié",
    export_trace: "Enregistrer la trace",
    import_trace: "Ouvrir une trace…",
    save_failed: "Le navigateur a refusé d'enregistrer le fichier.",
    trace_part_missing: "Les outils de trace n'ont pas pu être chargés. Vérifiez la connexion et réessayez.",
    update_ready: "Une nouvelle version est prête —",
    update_reload: "recharger",
    code_panel: "La boucle dans le code",
    code_hint: "La ligne éclairée montre ce que fait la boucle à l'étape affichée.",
    no_line: "Aucune ligne de la boucle robuste\u{a0}: elle l'aurait attrapé.",
    herd_link: "Voir mille clients réessayer ainsi",
    preview_title: "Les attentes de ces réglages",
    preview_no_retry: "Une seule tentative\u{a0}: aucune nouvelle tentative, donc aucune attente.",
    make_lesson: "Faire une leçon de ce scénario",
    replay_label: "Relecture d'une trace enregistrée",
    replay_note: "Rien n'a été envoyé à un modèle. Lancer utilise les réglages de la page.",
    error_text: "Ce que lit le modèle quand un outil échoue",
};

pub static LESSONS: LessonsLabels = LessonsLabels {
    start_workshop: "Lancer l'atelier (toutes les leçons, mode présentateur)",
    not_in_plan: "Hors du programme du jour",
    free_play: "Jeu libre (sans leçon)",
    right: "Exact.",
    not_quite: "Pas tout à fait.",
    prev_lesson: "← Leçon précédente",
    next_lesson: "Leçon suivante →",
    question: "Quelle couche va gérer cet échec\u{202f}?",
    agenda_entry: "Programme et fiche de l'atelier",
    show_me: "Montrer",
    answer_keys:
        "Touches\u{a0}: 1, 2, 3 pour répondre, S pour voir sans répondre, Espace pour lancer ou mettre en pause.",
    answer_keys_narrate:
        "Touches\u{a0}: 1, 2, 3 pour répondre\u{202f}; Pg Suiv ou S pour voir sans répondre, une étape à la fois.",
    own_badge: "Leçon de l'enseignant",
    own_untitled: "Une leçon sur ce scénario",
    own_note: "Écrite par l'auteur de ce lien, pas par Rusty Lock.",
    own_takeaway: "À retenir\u{a0}:",
    form_title: "Titre (facultatif)",
    form_question: "Question (facultative\u{202f}; sans elle, la question habituelle est posée)",
    form_expect: "La réponse\u{a0}: quelle couche gère cette exécution\u{202f}?",
    form_takeaway: "À retenir, affiché après l'exécution (facultatif)",
    form_hint: join!(
        "Les textes restent du texte brut, ",
        whole!(MAX_TEXT_CHARS as u64),
        "\u{a0}caractères au plus chacun (",
        whole!(MAX_TITLE_CHARS as u64),
        " pour le titre)."
    ),
    form_choose: "Choisissez la couche qui gère cette exécution, et le lien apparaît.",
    form_link: "Lien vers cette leçon",
    form_open: "Ouvrir la leçon",
    form_agenda: "Ajouter au programme",
    form_agenda_link: "Lien du programme avec cette leçon",
    form_agenda_open: "Ouvrir le programme",
};

pub static KIT: KitLabels = KitLabels {
    agenda_title: "Programme de l'atelier",
    handout_title: "Rusty Lock\u{a0}: qui gère chaque échec\u{202f}?",
    print_handout: "Imprimer la fiche",
    show_answers: "Afficher les réponses",
    back_to_playground: "← Retour au bac à sable",
    start_in_presenter: "Lancer la présentation",
    print_hint: "La fiche s'imprime en A4 ou en Letter\u{a0}: chaque leçon tient sur une page. Pliez la feuille le long des pointillés pour cacher les réponses.",
    fold_here: "plier ici",
    answer: "Réponse\u{a0}:",
    open_on_phone: "Ouvrir sur mobile",
    phone_title: "Scannez pour ouvrir ce scénario sur votre téléphone",
    phone_serve_hint: "Pour l'ouvrir depuis un téléphone sur le même réseau, servez la page sur le réseau avec cette commande, puis ouvrez l'adresse qu'elle affiche\u{a0}:",
    codes_serve_hint: "Pour les téléphones de la salle, servez la page sur le réseau avec cette commande, puis ouvrez le programme à l'adresse qu'elle affiche et imprimez la fiche depuis là\u{a0}:",
    close: "Fermer",
    own_mark: "Leçon de l'enseignant",
    own_goal: "Écrite par l'enseignant, sur un scénario de son choix.",
    plan_title: "Votre programme",
    plan_hint: "Gardez les leçons et les exercices qui tiennent dans votre séance, dans l'ordre voulu\u{a0}: la page projetée, la télécommande, la vue présentateur et la fiche suivent ce programme.",
    plan_ready: "Programmes prêts\u{a0}:",
    in_plan: "Au programme",
    move_up: "Avant",
    move_down: "Après",
    left_out_title: "Hors du programme",
    end_workshop: "Fin de l'atelier →",
    closing_title: "Fin de l'atelier",
    closing_intro: "Chaque panne a trouvé sa couche\u{a0}: le modèle, votre code, ou personne. Voici ce que chaque leçon nous a appris.",
    closing_takeaways: "Ce que nous avons vu",
    closing_exercises: "À essayer sur votre propre boucle",
    closing_none: "Aucun exercice dans ce programme\u{a0}: le programme de l'atelier peut en ajouter.",
    closing_back: "← Dernière leçon",
    open_agenda: "Programme et fiche",
};

pub static HERD: HerdLabels = HerdLabels {
    herd_title: "Le troupeau",
    herd_tagline: "Beaucoup de clients, un seul serveur qui redémarre\u{a0}: voyez comment chaque politique de nouvelles tentatives le traite.",
    herd_back: "Retour au bac à sable",
    herd_settings: "La foule et le serveur",
    herd_clients: "Clients",
    herd_down: "Serveur en panne pendant (ms)",
    herd_capacity: "Appels servis par créneau",
    herd_highlight: "Au premier plan",
    herd_highlight_none: "Aucune",
    herd_slots_title: "Appels qui atteignent le serveur, par créneau",
    herd_computing: "Calcul du troupeau…",
    herd_calls_title: "Appels au total (le travail du serveur)",
    herd_done_title: "Temps avant que le dernier client passe",
    herd_table_title: "Les chiffres",
    herd_col_policy: "Politique",
    herd_col_calls: "Appels",
    herd_col_done: "Dernier succès",
    herd_col_gave_up: "Abandons",
    herd_lost_key: "Barre hachurée\u{a0}: cette politique a perdu des clients. Ils ont abandonné sans jamais passer, donc son temps court ou son petit nombre d'appels n'a rien d'une victoire.",
    herd_explanation: "Sans jitter, tous les clients tombés au même instant attendent le même temps et reviennent ensemble\u{a0}: chaque vague trouve un serveur qui n'en accepte que quelques-uns, et les autres échouent de nouveau en bloc. Un tirage au hasard sous le même plafond étale la foule sur toute l'attente\u{a0}: moins d'appels gâchés, et le dernier client passe bien plus tôt. Rappeler aussitôt ne finit tôt qu'en donnant au serveur le plus de travail.",
};

pub static VERDICT: VerdictLabels = VerdictLabels {
    verdict: "Verdict de résilience\u{a0}: l'effet de vos réglages",
    verdict_nothing: "Rien n'a échoué sur le serveur du modèle\u{a0}: aucune politique de nouvelles tentatives à juger. Activez une panne du serveur et relancez.",
    strip_key_ceiling: "plafond",
    strip_key_tick: "l'attente tirée",
    strip_key_asked: "Retry-After",
};

pub static ENDPOINT: EndpointLabels = EndpointLabels {
    preset: "Préréglage",
    base_url: "URL de base",
    model_name: "Nom du modèle",
    api_key: "Clé d'API",
    key_set: "une clé est enregistrée (tapez pour la remplacer)",
    key_optional: "facultative pour un serveur local",
    remember_key: "Mémoriser sur cet appareil",
    forget_key: "Oublier la clé",
    stream: "Recevoir la réponse en flux",
    stream_faults: "Pannes de flux\u{a0}: un flux coupé, tronqué ou figé est réessayé par votre code\u{202f}; un fragment mal formé ne l'est pas (le même serveur le renverrait). Une réponse partielle n'est jamais prise pour complète.",
    test_connection: "Tester la connexion",
    connected_no_models: "Connecté, mais le serveur n'annonce aucun modèle.",
    testing: "Test en cours\u{2026}",
    pick_model: "Prendre l'un d'eux comme nom de modèle\u{a0}:",
    run_needs_model: "Lancer attend un nom de modèle (sous «\u{a0}Qui répond\u{a0}»).",
    streaming: "L'oracle répond\u{a0}:",
    diagnosis_title: "Aucune réponse lisible de l'endpoint",
    diag_public_to_local: "Cette page vient d'une adresse publique et appelle un serveur sur votre propre machine. Les navigateurs limitent cela\u{a0}: servez le bac à sable en local (./scripts/serve.sh) ou utilisez un endpoint https.",
    diag_layer_point: "Le point à retenir\u{a0}: pour le code, un blocage CORS ne se distingue pas d'une connexion coupée, il a donc été réessayé comme tel. C'est le seul échec dont votre code ne peut pas connaître la couche.",
};

pub static COMPARE: CompareLabels = CompareLabels {
    naive_loop: "Boucle naïve",
    robust_loop: "Boucle robuste",
    catch_missing: "aucune capture ici",
    catch_made: "capturé ici",
    scene_naive: "La boucle naïve\u{a0}: rien d'attrapé, aucune nouvelle tentative",
    compare_hint: "Les anciens jeux d'aventure suivaient l'une de deux écoles\u{a0}: chez les uns, une fausse manœuvre signait la fin de la partie\u{202f}; chez les autres, le jeu expliquait l'échec et l'on recommençait. Appuyez sur Lancer pour jouer le même scénario, mêmes pannes et même graine, avec une boucle naïve et avec la robuste, côte à côte.",
    compare_builtin_only: "Le mode comparaison utilise le modèle intégré\u{a0}: les deux boucles voient exactement les mêmes réponses.",
};

impl Core for Fr {
    fn language_missing(&self, lang: Lang) -> String {
        let name = match lang {
            Lang::En => "anglais",
            Lang::Fr => "français",
            Lang::Zh => "chinois",
        };
        format!("Les textes en {name} n’ont pas pu être téléchargés : la page reste telle quelle. Vérifiez la connexion et choisissez à nouveau.")
    }

    fn door_state(&self, open: bool) -> &'static str {
        if open {
            "ouverte"
        } else {
            "fermée"
        }
    }

    fn lock_state(&self, oiled: bool) -> &'static str {
        if oiled {
            "huilée"
        } else {
            "rouillée"
        }
    }

    fn more_characters(&self, n: usize) -> String {
        let word = plural(n as u64, "caractère", "caractères");
        format!("… (encore {} {word})", count(n as u64))
    }

    fn layer_name(&self, layer: Layer) -> &'static str {
        match layer {
            Layer::Model => "Le modèle",
            Layer::Code => "Votre code",
            Layer::Nobody => "Personne",
        }
    }

    fn layer_short_rule(&self, layer: Layer) -> &'static str {
        match layer {
            Layer::Model => "lit l'erreur comme un résultat d'outil et tente autre chose",
            Layer::Code => "réessaie avec backoff, ou un garde-fou intervient\u{202f}; le modèle n'en sait rien",
            Layer::Nobody => "réessayer n'y peut rien\u{a0}: l'exécution s'arrête sur une erreur claire",
        }
    }

    fn handled_count(&self, n: usize) -> String {
        match n {
            0 => "Aucun échec géré pour l'instant".into(),
            1 => "1 échec géré".into(),
            n => format!("{} échecs gérés", count(n as u64)),
        }
    }

    fn fault_name(&self, f: Fault) -> &'static str {
        match f {
            Fault::RateLimited => "429 Trop de requêtes",
            Fault::Http500 => "500 Erreur serveur",
            Fault::Http502 => "502 Mauvaise passerelle",
            // A soft hyphen: switched on (bold), the word is wider than a narrow fault list.
            Fault::Http503 => "503 Indispo\u{ad}nible",
            Fault::Dropped => "Connexion coupée",
            Fault::Unauthorized => "401 Clé d'API invalide",
            Fault::BadRequest => "400 Requête invalide",
            Fault::Hang => "Blocage (ne répond jamais)",
            Fault::Slow => join!("Réponse lente (+", seconds_in!(SLOW_MS, SIGN), "\u{a0}s)"),
            Fault::BadJson => "Arguments JSON cassés",
            Fault::UnknownTool => "Nom d'outil inventé",
            Fault::SchemaInvalid => "Arguments hors schéma",
            Fault::MissingArg => "Argument requis manquant",
            Fault::HarnessBug => "Bug dans le harnais",
            Fault::ToolTimeout => "L'outil agit, puis sa réponse se perd",
            Fault::StopWithCalls => "Appels d'outil marqués «\u{a0}stop\u{a0}»",
            Fault::CutAtLength => "Réponse coupée à la limite de jetons",
        }
    }

    fn fault_group_name(&self, group: rusty_lock_engine::run::chaos::FaultGroup) -> &'static str {
        match group {
            rusty_lock_engine::run::chaos::FaultGroup::Server => "Le serveur du modèle",
            rusty_lock_engine::run::chaos::FaultGroup::Model => "La sortie du modèle",
            rusty_lock_engine::run::chaos::FaultGroup::Harness => "Votre harnais",
            rusty_lock_engine::run::chaos::FaultGroup::Tool => "Les outils",
        }
    }

    fn failure_name(&self, f: &CallFailure) -> String {
        match f {
            CallFailure::Http { status } => format!("HTTP {status}"),
            CallFailure::Network => "connexion coupée".into(),
            CallFailure::Timeout => "timeout".into(),
            CallFailure::BadBody { reason } => format!("réponse illisible\u{a0}: {}", body_problem(reason)),
        }
    }

    fn body_problem(&self, problem: &BodyProblem) -> String {
        match problem {
            BodyProblem::Html => "Le serveur a répondu par une page HTML, pas par une complétion.".into(),
            BodyProblem::NotJson { detail } => format!("Le corps n'est pas du JSON ({}).", short_text(detail, 120)),
            BodyProblem::NotACompletion { detail } => {
                format!("Le corps est du JSON, mais pas une complétion de chat ({}).", short_text(detail, 120))
            }
            BodyProblem::NoChoices => "La complétion ne contient aucun choix.".into(),
            BodyProblem::NotAssistant => "Le premier choix n'est pas un message de l'assistant.".into(),
            BodyProblem::ToolCallsMissing => {
                "La raison de fin vaut tool_calls, mais aucun appel d'outil ne l'accompagne.".into()
            }
            BodyProblem::TooBig { bytes, limit_mb } => format!(
                "Le corps fait {} octets, au-delà de la limite de {limit_mb} Mo pour une complétion.",
                count(*bytes)
            ),
            BodyProblem::StreamTooBig { limit_mb } => format!("Le flux a dépassé la limite de {limit_mb} Mo."),
            BodyProblem::NotUtf8 => "Une ligne du flux n'est pas de l'UTF-8 valide.".into(),
            BodyProblem::ChunkNotJson { detail } => {
                format!("Une ligne de données du flux n'est pas du JSON ({}).", short_text(detail, 120))
            }
            BodyProblem::NotAChunk { detail } => format!(
                "Une ligne de données du flux n'est pas un fragment de complétion ({}).",
                short_text(detail, 120)
            ),
            BodyProblem::ErrorMidStream { message } if message.is_empty() => {
                "Le serveur a signalé une erreur en plein flux, sans message.".into()
            }
            BodyProblem::ErrorMidStream { message } => {
                format!("Le serveur a signalé une erreur en plein flux\u{a0}: {}", short_text(message, 200))
            }
            BodyProblem::CallWithoutName { index } => format!("L'appel d'outil {index} est arrivé sans nom."),
            BodyProblem::BadAddress => "L'adresse de l'endpoint n'est pas une URL valide.".into(),
            BodyProblem::RequestNotWritten => "La requête n'a pas pu être écrite en JSON.".into(),
            BodyProblem::NoModelList => "La réponse n'est pas une liste de modèles.".into(),
            // Recorded before reasons were data, as a clause in lower case (in the run's language).
            BodyProblem::Recorded { text } => {
                let mut chars = short_text(text, 200).chars().collect::<Vec<_>>();
                if let Some(first) = chars.first_mut() {
                    *first = first.to_ascii_uppercase();
                }
                chars.into_iter().collect()
            }
        }
    }

    fn tool_error_name(&self, k: ToolErrorKind) -> &'static str {
        match k {
            ToolErrorKind::UnknownTool => "outil inconnu",
            ToolErrorKind::BadJson => "JSON cassé",
            ToolErrorKind::SchemaInvalid => "arguments hors schéma",
            ToolErrorKind::ToolFailed => "l'outil a refusé",
            ToolErrorKind::ReplyLost => "réponse perdue, l'outil a peut-être agi",
        }
    }

    fn guard_name(&self, g: Guard) -> &'static str {
        match g {
            Guard::MaxTurns => "budget de tours épuisé",
            Guard::ErrorsInARow => "trop d'erreurs d'outil d'affilée",
            Guard::RepeatedCall => "deux fois le même appel",
            Guard::Watchdog => "le watchdog a coupé un appel muet",
        }
    }

    fn outcome_title(&self, o: &Outcome) -> &'static str {
        match o {
            Outcome::Failed { reason: FailReason::NotAnAnswer { finish_reason } } if finish_reason == "length" => {
                "Réponse tronquée"
            }
            Outcome::Failed { reason: FailReason::NotAnAnswer { .. } } => "Pas de réponse",
            other => self.ending_title(other.ending()),
        }
    }

    fn ending_title(&self, e: Ending) -> &'static str {
        match e {
            Ending::Answered => "Réponse obtenue",
            Ending::Escalated => "Main passée à un humain",
            Ending::GaveUp => "Abandon",
            Ending::Failed => "Échec",
            Ending::Cancelled => "Arrêté",
        }
    }

    fn outcome_detail(&self, o: &Outcome) -> String {
        match o {
            Outcome::Answered { text } => clip(text).into_owned(),
            Outcome::Escalated { message } => clip(message).into_owned(),
            Outcome::GaveUp { guard } => format!("Un garde-fou a arrêté l'exécution\u{a0}: {}.", guard_name(*guard)),
            Outcome::Failed { reason } => match reason {
                FailReason::Fatal { failure } => format!(
                    "Personne ne peut corriger cet échec ({})\u{a0}: réessayer ne ferait que renvoyer la même requête.",
                    failure_name(failure)
                ),
                FailReason::RetriesExhausted { attempts, last } => {
                    let word = plural(u64::from(*attempts), "tentative", "tentatives");
                    format!(
                        "Toujours en échec ({}) après {attempts} {word}\u{a0}: les nouvelles tentatives sont épuisées.",
                        failure_name(last)
                    )
                }
                FailReason::HarnessBug { tool } if tool.is_empty() => {
                    "Un bug dans le harnais lui-même\u{a0}: le résultat d'un outil s'est perdu avant d'entrer dans l'historique. Il est affiché, pas étouffé.".into()
                }
                FailReason::HarnessBug { tool } => format!(
                    "Un bug dans le harnais lui-même\u{a0}: le résultat de {} s'est perdu avant d'entrer dans l'historique. Il est affiché, pas étouffé.",
                    short_text(tool, 40)
                ),
                FailReason::UnhandledCall { failure } => format!(
                    "Rien n'a attrapé cet échec ({})\u{a0}: une boucle sans nouvelles tentatives s'arrête au premier appel raté.",
                    failure_name(failure)
                ),
                FailReason::UnhandledTool { name, kind } => format!(
                    "Rien n'a attrapé l'erreur de {name} ({})\u{a0}: elle a mis fin à l'exécution au lieu de revenir au modèle.",
                    tool_error_name(*kind)
                ),
                FailReason::NotAnAnswer { finish_reason } => not_an_answer(finish_reason),
                FailReason::Threw { message } => format!(
                    "Votre code a lancé une erreur, et rien ne l'a attrapée\u{a0}: {}",
                    short_text(message, 160)
                ),
                FailReason::Stalled => {
                    "Votre code n'attend plus rien\u{a0}: aucun minuteur, aucune requête, et runAgent ne s'est jamais terminé.".into()
                }
                FailReason::Blocked { budget_ms } => format!(
                    "Votre code n'a pas rendu la main en {}, alors la page l'a arrêté.",
                    self.seconds(*budget_ms)
                ),
                FailReason::TimeLimit { after_ms } => format!(
                    "Votre code tournait encore après {} de temps virtuel, alors la page l'a arrêté.",
                    self.seconds(*after_ms)
                ),
                FailReason::TooManyRequests { requests } => format!(
                    "Votre code a envoyé {requests} requêtes sans s'arrêter, alors la page l'a arrêté\u{a0}: aucun garde-fou à lui ne l'a fait."
                ),
                FailReason::SandboxError { message } => {
                    format!("Le bac à sable n'a pas pu exécuter votre code\u{a0}: {}", short_text(message, 160))
                }
                FailReason::NoAgent { .. } => {
                    "Rien n'a tourné\u{a0}: votre code ne définit pas de runAgent(task), et son niveau le plus haut n'a rien demandé au serveur.".into()
                }
            },
            Outcome::Cancelled => "Vous avez appuyé sur Arrêter. Tout ce qui précède est conservé ci-dessous.".into(),
        }
    }

    fn not_an_answer(&self, finish_reason: &str) -> String {
        match finish_reason {
            "length" => "La réponse a été coupée à la limite de tokens (finish_reason «\u{a0}length\u{a0}»)\u{a0}: ce n'est donc pas une réponse. Augmentez max_tokens ou envoyez un historique plus court.".into(),
            "content_filter" => "Le serveur a retenu la réponse (finish_reason «\u{a0}content_filter\u{a0}»)\u{a0}: il n'y a aucune réponse à utiliser. Reformulez la tâche ou vérifiez le filtre du serveur.".into(),
            other => format!(
                "La réponse s'est arrêtée avec finish_reason «\u{a0}{}\u{a0}», qui n'indique pas une réponse terminée\u{a0}: l'exécution s'arrête plutôt que de deviner.",
                short_text(other, 40)
            ),
        }
    }

    fn duration(&self, ms: u64) -> String {
        if ms >= 1000 {
            seconds(ms)
        } else {
            format!("{ms}\u{a0}ms")
        }
    }

    fn turn_of_max(&self, turn: u32, max: u32) -> String {
        format!("{turn} sur {max}")
    }

    fn waiting(&self, ms: u64, attempt: u32, max: u32) -> String {
        format!("Votre code attend {}, puis lance la tentative {attempt} sur {max}", super::duration(ms))
    }

    fn silent_call(&self, waited: u64, limit: u64) -> String {
        format!(
            "Aucune réponse depuis {}\u{a0}: le watchdog coupe l'appel à {}",
            super::duration(waited),
            super::duration(limit)
        )
    }

    fn history_meter(&self, messages: usize, tokens: u32) -> String {
        let m = plural(messages as u64, "message", "messages");
        let t = plural(u64::from(tokens), "token", "tokens");
        format!("Dernier envoi\u{a0}: {messages} {m}, environ {} {t}", count(u64::from(tokens)))
    }

    fn scene_label(&self, door_open: bool, lock_oiled: bool) -> String {
        match (door_open, lock_oiled) {
            (true, true) => "La porte est ouverte, et la serrure huilée.".into(),
            (true, false) => "La porte est ouverte, et la serrure rouillée.".into(),
            (false, true) => "La porte est fermée, et la serrure huilée.".into(),
            (false, false) => "La porte est fermée, et la serrure rouillée.".into(),
        }
    }

    fn attempts_label(&self, fault: &str) -> String {
        format!("{fault}, tentatives d'affilée")
    }

    fn trace_error(&self, error: &TraceError) -> String {
        const MB: usize = 1_000_000;
        match error {
            TraceError::TooLarge { bytes } => {
                format!("Ce fichier fait {} Mo\u{202f}; une trace fait au plus {} Mo.", bytes / MB, MAX_TRACE_BYTES / MB)
            }
            TraceError::NotJson => "Ce fichier n'est pas du JSON\u{a0}: ce ne peut pas être une trace Rusty Lock.".into(),
            TraceError::Foreign => format!(
                "Ce fichier JSON n'est pas une trace Rusty Lock (il n'a pas de \"format\": \"{TRACE_FORMAT}\")."
            ),
            TraceError::Newer { version } => format!(
                "Cette trace a été enregistrée par un Rusty Lock plus récent (format de trace {version})\u{202f}; cette page lit le format {TRACE_VERSION}."
            ),
            TraceError::Damaged { why } => {
                let why = match why {
                    Damage::NoVersion => "elle n'a pas de numéro de version".to_string(),
                    Damage::TooManyEvents { max } => {
                        format!("elle contient plus de {} événements", count(*max as u64))
                    }
                    Damage::BadEntry { detail } => {
                        format!("une entrée ne se lit pas comme un événement ({})", short_text(detail, 160))
                    }
                    Damage::NoStart => "elle ne commence pas par le début d'une exécution".into(),
                    Damage::TaskTooLong { chars, max } => format!(
                        "sa tâche fait {} caractères, et une tâche en fait au plus {}",
                        count(*chars as u64),
                        count(*max as u64)
                    ),
                    Damage::NeverFinished => "l'exécution qu'elle contient ne s'est jamais terminée".into(),
                    Damage::SeveralRuns => "elle contient plus d'une exécution".into(),
                };
                format!("Cette trace est endommagée\u{a0}: {why}.")
            }
        }
    }

    fn step_of(&self, step: usize, of: usize) -> String {
        format!("Étape {step} sur {of}")
    }

    fn attempt_of(&self, attempt: u32, max: u32) -> String {
        format!("tentative {attempt} sur {max}")
    }

    fn seconds(&self, ms: u64) -> String {
        let tenths = ms.saturating_add(50) / 100;
        format!("{},{}\u{a0}s", count(tenths / 10), tenths % 10)
    }

    fn turns_left(&self, left: u32, max: u32) -> String {
        if left <= 1 {
            format!("{left} tour restant sur {max}")
        } else {
            format!("{left} tours restants sur {max}")
        }
    }

    fn token_bar(&self, turn: u32, messages: usize, tokens: u32, counted: Option<u32>) -> String {
        let m = plural(messages as u64, "message", "messages");
        let t = plural(u64::from(tokens), "token", "tokens");
        let tokens = count(u64::from(tokens));
        match counted {
            Some(c) if c <= 1 => {
                format!("Tour {turn}\u{a0}: {messages} {m}, environ {tokens} {t} ({c} compté par le serveur)")
            }
            Some(c) => format!(
                "Tour {turn}\u{a0}: {messages} {m}, environ {tokens} {t} ({} comptés par le serveur)",
                count(u64::from(c))
            ),
            None => format!("Tour {turn}\u{a0}: {messages} {m}, environ {tokens} {t}"),
        }
    }

    fn server_counted(&self, tokens: u32) -> String {
        let t = plural(u64::from(tokens), "token", "tokens");
        format!(" Le serveur a compté {} {t}.", count(u64::from(tokens)))
    }

    fn guard_short(&self, g: Guard) -> &'static str {
        match g {
            Guard::MaxTurns => "budget de tours vide",
            Guard::ErrorsInARow => "erreurs d'affilée",
            Guard::RepeatedCall => "même geste deux fois",
            Guard::Watchdog => "watchdog\u{a0}: appel coupé",
        }
    }

    fn scene_caption(&self, event: &Event) -> String {
        match event {
            Event::SecretSent { .. } => "L'exception entière est repartie comme résultat d'outil\u{a0}: une stack trace, des chemins de fichiers et un mot de passe sont désormais dans l'historique, renvoyés à chaque tour. Personne ne les a arrêtés.".into(),
            Event::RunStarted { .. } => {
                "Le héros (la boucle) se met en route avec une seule tâche\u{a0}: ouvrir la porte du temple.".into()
            }
            Event::TurnStarted { turn, messages, est_tokens, .. } => {
                let m = plural(*messages as u64, "message", "messages");
                let t = plural(u64::from(*est_tokens), "token", "tokens");
                format!(
                    "Tour {turn}\u{a0}: le héros reprend tout l'historique, {messages} {m} (environ {} {t}), pour le renvoyer en entier.",
                    count(u64::from(*est_tokens))
                )
            }
            Event::ModelCalled { attempt, max_attempts, .. } if *attempt > 1 => format!(
                "Tentative {attempt} sur {max_attempts}\u{a0}: le héros interroge de nouveau l'oracle. Le modèle n'a jamais entendu parler de l'échec."
            ),
            Event::ModelCalled { .. } => "Le héros remet tout l'historique à l'oracle (le modèle).".into(),
            Event::ModelCallFailed {
                failure, final_because: Some(FinalBecause::AttemptsUsedUp), max_attempts, ..
            } if *max_attempts <= 1 => format!(
                "L'appel a échoué ({}) à son unique tentative\u{a0}: votre code n'a pas le droit de réessayer, il abandonne. L'exécution s'arrête ici.",
                failure_name(failure)
            ),
            Event::ModelCallFailed {
                failure, final_because: Some(FinalBecause::AttemptsUsedUp), max_attempts, ..
            } => format!(
                "L'appel a échoué ({}) à la dernière des {max_attempts} tentatives\u{a0}: votre code abandonne. L'exécution s'arrête ici.",
                failure_name(failure)
            ),
            Event::ModelCallFailed { failure, final_because: Some(FinalBecause::NothingCaught), .. } => format!(
                "L'appel a échoué ({})\u{a0}: rien ne l'attrape, alors l'exécution s'arrête ici.",
                failure_name(failure)
            ),
            Event::ModelCallFailed { failure, layer: Layer::Nobody, .. } => format!(
                "L'appel a échoué ({})\u{a0}: réessayer n'y changera rien, et le modèle n'y peut rien non plus. L'exécution s'arrête ici.",
                failure_name(failure)
            ),
            Event::ModelCallFailed { failure, .. } => format!(
                "L'appel a échoué ({}). Votre code l'attrape\u{202f}; le modèle n'en saura jamais rien.",
                failure_name(failure)
            ),
            Event::RetryScheduled { next_attempt, max_attempts, wait_ms, reason, .. } => match reason {
                WaitReason::RetryAfter => format!(
                    "Le serveur a demandé d'attendre\u{a0}: votre code attend {}, puis lance la tentative {next_attempt} sur {max_attempts}.",
                    super::duration(*wait_ms)
                ),
                WaitReason::Backoff => format!(
                    "Votre code fait un backoff\u{a0}: il attend {}, puis lance la tentative {next_attempt} sur {max_attempts}.",
                    super::duration(*wait_ms)
                ),
            },
            Event::ModelReplied { tool_calls, .. } if tool_calls.is_empty() => {
                "L'oracle donne sa réponse finale\u{a0}: la seule sortie normale de la boucle.".into()
            }
            Event::ModelReplied { tool_calls, .. } => {
                let names: Vec<&str> = tool_calls.iter().map(|c| c.function.name.as_str()).collect();
                format!("L'oracle demande un outil\u{a0}: {}. La boucle continue.", names.join(", "))
            }
            Event::QuirkTolerated { .. } => {
                "La réponse a tordu le protocole\u{a0}: elle demandait des outils sans le dire. Votre code se fie à ce qu'elle contient et les exécute.".into()
            }
            Event::ToolStarted { call, .. } => format!("Le héros lance {} sur la salle.", call.function.name),
            Event::ToolSucceeded { name, .. } => {
                format!("L'appel à {} a réussi. Son résultat rejoint l'historique.", clip(name))
            }
            Event::ToolFailed { name, layer: Layer::Code, .. } => format!("L'appel {} a perdu sa réponse, alors qu'il a peut-être agi. Votre code le relance de lui-même, sur une salle qui a déjà changé.", clip(name)),
            Event::ToolFailed { name, kind, layer: Layer::Nobody, .. } => format!(
                "L'appel à {} a échoué ({}) et rien ne l'a attrapé\u{a0}: l'exécution s'arrête, et le modèle ne saura jamais pourquoi.",
                clip(name),
                tool_error_name(*kind)
            ),
            Event::ToolFailed { name, kind, .. } => format!(
                "L'appel à {} a échoué ({}). L'erreur revient à l'oracle comme résultat d'outil, pour que le modèle la lise.",
                clip(name),
                tool_error_name(*kind)
            ),
            Event::GuardTripped { guard: Guard::Watchdog, .. } => {
                "Le watchdog coupe un appel resté sans réponse. Cela compte comme un timeout, que votre code réessaie.".into()
            }
            Event::GuardTripped { guard, .. } => {
                format!("Un garde-fou se déclenche\u{a0}: {}. Votre code arrête l'exécution.", guard_name(*guard))
            }
            Event::Finished { outcome, .. } => match outcome {
                Outcome::Answered { .. } => "La porte est ouverte\u{a0}: la tâche est accomplie.".into(),
                Outcome::Escalated { .. } => "La boucle passe la main à un humain au lieu de tourner en rond.".into(),
                Outcome::GaveUp { guard } => format!("Un garde-fou a mis fin à l'exécution\u{a0}: {}.", guard_name(*guard)),
                Outcome::Failed { reason: FailReason::NotAnAnswer { .. } } => {
                    "L'oracle s'est arrêté au milieu de sa réponse, et une demi-réponse n'en est pas une\u{a0}: l'exécution s'arrête sans réponse.".into()
                }
                Outcome::Failed { .. } => "Personne n'a attrapé l'échec\u{a0}: le méchant gagne, et l'exécution est perdue.".into(),
                Outcome::Cancelled => "Vous avez appuyé sur Arrêter.".into(),
            },
        }
    }

    fn announce(&self, event: &Event) -> Option<String> {
        match event {
            Event::ModelCalled { .. } | Event::ToolStarted { .. } => None,
            other => Some(scene_caption(other)),
        }
    }

    fn count(&self, n: u64) -> String {
        let digits = n.to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push('\u{202f}');
            }
            out.push(c);
        }
        out
    }
}

impl Below for Fr {
    fn board_earlier(&self, n: usize) -> String {
        format!("+{} avant", count(n as u64))
    }

    fn recorded_with(&self, provider: &rusty_lock_engine::show::scenario::ProviderChoice) -> String {
        match provider {
            rusty_lock_engine::show::scenario::ProviderChoice::Builtin => "Enregistrée avec le modèle intégré.".into(),
            rusty_lock_engine::show::scenario::ProviderChoice::Http { endpoint, model } if model.is_empty() => {
                format!("Enregistrée auprès de {}.", clip(endpoint))
            }
            rusty_lock_engine::show::scenario::ProviderChoice::Http { endpoint, model } => {
                format!("Enregistrée auprès de {}, modèle {}.", clip(endpoint), clip(model))
            }
        }
    }

    fn layer_rule(&self, layer: Layer) -> &'static str {
        match layer {
            Layer::Model => "L'erreur revient comme résultat d'outil. Le modèle la lit et tente autre chose.",
            Layer::Code => "Le harnais attend puis réessaie, ou un garde-fou intervient. Le modèle n'en sait rien.",
            Layer::Nobody => "Réessayer n'y peut rien. L'exécution s'arrête sur une erreur claire.",
        }
    }

    fn personality_name(&self, p: Personality) -> &'static str {
        match p {
            Personality::Helpful => "Modèle intégré, docile (lit ses erreurs)",
            Personality::Stubborn => "Modèle intégré, têtu (répète son erreur)",
        }
    }

    fn error_text_name(&self, e: ErrorText) -> &'static str {
        match e {
            ErrorText::Sentence => "Une phrase\u{a0}: ce qui ne va pas, et quoi faire",
            ErrorText::Code => "Un code nu (Error: ToolError)",
            ErrorText::Raw => "L'exception brute, secrets compris",
        }
    }

    fn board_label(&self, kind: BoardKind) -> String {
        match kind {
            BoardKind::Network => "coupure".into(),
            BoardKind::Timeout => "timeout".into(),
            BoardKind::BadBody => "corps illisible".into(),
            BoardKind::Tool(ToolErrorKind::UnknownTool) => "outil inconnu".into(),
            BoardKind::Tool(ToolErrorKind::BadJson) => "JSON cassé".into(),
            BoardKind::Tool(ToolErrorKind::SchemaInvalid) => "args invalides".into(),
            BoardKind::Tool(ToolErrorKind::ToolFailed) => "erreur d'outil".into(),
            BoardKind::Tool(ToolErrorKind::ReplyLost) => "réponse perdue".into(),
            BoardKind::Guard(Guard::MaxTurns) => "tours max".into(),
            BoardKind::Guard(Guard::ErrorsInARow) => "erreurs d'affilée".into(),
            BoardKind::Guard(Guard::RepeatedCall) => "appel répété".into(),
            BoardKind::Guard(Guard::Watchdog) => "watchdog".into(),
            BoardKind::RetriesExhausted => "tentatives épuisées".into(),
            BoardKind::HarnessBug => "bug du harnais".into(),
            BoardKind::Cancelled => "arrêté".into(),
            BoardKind::CutAtLength => "tronqué".into(),
            BoardKind::ContentFilter => "filtré".into(),
            BoardKind::UnknownFinish => "fin inconnue".into(),
            BoardKind::FinishMismatch => "outils malgré la fin".into(),
            BoardKind::UnhandledCall => "appel non géré".into(),
            BoardKind::UnhandledTool => "erreur d'outil lancée".into(),
            BoardKind::BareError => "erreur nue".into(),
            BoardKind::SecretSent => "secret envoyé".into(),
            BoardKind::Threw => "votre code a lancé".into(),
            BoardKind::Stalled => "bloqué en attente".into(),
            BoardKind::Blocked => "main non rendue".into(),
            BoardKind::TimeLimit => "limite de temps".into(),
            BoardKind::TooManyRequests => "trop de requêtes".into(),
            BoardKind::SandboxError => "erreur du bac à sable".into(),
            BoardKind::NoAgent => "pas de runAgent".into(),
            BoardKind::Http(status) => format!("HTTP {status}"),
        }
    }

    fn lesson_changes(&self, changed: &[Setting]) -> String {
        let names: Vec<&str> = changed.iter().map(|s| setting_label(*s)).collect();
        format!(
            "Modifié par rapport aux réglages de la leçon\u{a0}: {}. L'exécution risque de ne pas finir comme le dit l'explication.",
            names.join("\u{202f}; ")
        )
    }

    fn preview_axis(&self, attempt: u32) -> String {
        format!("essai {attempt}")
    }

    fn preview_retry(&self, attempt: u32, low: u64, high: u64) -> String {
        if low == high {
            format!("Avant la tentative {attempt}\u{a0}: exactement {}.", duration(high))
        } else {
            format!("Avant la tentative {attempt}\u{a0}: entre {} et {}.", duration(low), duration(high))
        }
    }

    fn preview_worst(&self, ms: u64) -> String {
        format!("Au plus {} de backoff en tout, sauf si le serveur demande plus longtemps.", duration(ms))
    }
}

impl Log for Fr {
    fn guard_detail(&self, detail: &GuardDetail) -> String {
        match detail {
            GuardDetail::NoAnswerAfter { turns } if *turns <= 1 => format!("Pas de réponse après {turns} tour."),
            GuardDetail::NoAnswerAfter { turns } => format!("Pas de réponse après {turns} tours."),
            GuardDetail::SilentFor { ms } => format!(
                "Pas de réponse après {}\u{a0}: l'appel est coupé et compte comme un timeout.",
                super::duration(*ms)
            ),
            GuardDetail::SameCalls { calls } => {
                let calls: Vec<String> =
                    calls.iter().map(|c| format!("{}({})", clip(&c.name), clip(&c.arguments))).collect();
                if calls.len() == 1 {
                    format!("Le modèle a redemandé exactement l'appel du tour précédent\u{a0}: {}.", calls.join(", "))
                } else {
                    format!(
                        "Le modèle a redemandé exactement les appels du tour précédent\u{a0}: {}.",
                        calls.join(", ")
                    )
                }
            }
            GuardDetail::ErrorsInARow { count } if *count <= 1 => format!("{count} erreur d'outil d'affilée."),
            GuardDetail::ErrorsInARow { count } => format!("{count} erreurs d'outil d'affilée."),
            GuardDetail::Recorded { text } => clip(text).into_owned(),
        }
    }

    fn quirk_text(&self, quirk: &Quirk) -> String {
        match quirk {
            Quirk::ToolCallsWithFinishReason { finish_reason } if finish_reason.is_empty() => {
                "Votre code a exécuté les appels d'outils alors que la réponse ne donnait aucun finish_reason\u{a0}: il se fie à ce que la réponse contient.".into()
            }
            Quirk::ToolCallsWithFinishReason { finish_reason } => format!(
                "Votre code a exécuté les appels d'outils alors que la réponse indiquait finish_reason «\u{a0}{}\u{a0}»\u{a0}: il se fie à ce que la réponse contient.",
                short_text(finish_reason, 40)
            ),
        }
    }

    fn describe(&self, event: &Event) -> String {
        match event {
            Event::SecretSent { secrets, .. } => format!("Secrets envoyés au modèle\u{a0}: {}. Chaque tour suivant les renvoie.", secret_list(secrets)),
            Event::RunStarted { task, max_turns, .. } => {
                let t = plural(u64::from(*max_turns), "tour", "tours");
                format!("Exécution lancée\u{a0}: «\u{a0}{}\u{a0}» (au plus {max_turns} {t})", clip(task))
            }
            Event::TurnStarted { turn, messages, est_tokens, .. } => {
                let m = plural(*messages as u64, "message", "messages");
                let t = plural(u64::from(*est_tokens), "token", "tokens");
                format!("Tour {turn}\u{a0}: envoi de {messages} {m}, environ {} {t}", count(u64::from(*est_tokens)))
            }
            Event::ModelCalled { attempt, max_attempts, .. } if *attempt > 1 => {
                format!("Nouvel appel au modèle, tentative {attempt} sur {max_attempts}")
            }
            Event::ModelCalled { .. } => "Appel au modèle".into(),
            Event::ModelCallFailed { failure, attempt, max_attempts, final_because, .. } => match final_because {
                Some(FinalBecause::AttemptsUsedUp) => {
                    format!("Échec de l'appel au modèle\u{a0}: {}. C'était la dernière tentative.", failure_name(failure))
                }
                Some(FinalBecause::CannotPass) => {
                    format!("Échec de l'appel au modèle\u{a0}: {}. Inutile de réessayer.", failure_name(failure))
                }
                Some(FinalBecause::NothingCaught) => {
                    format!("Échec de l'appel au modèle\u{a0}: {}. Rien ne l'attrape.", failure_name(failure))
                }
                None => format!(
                    "Échec de l'appel au modèle\u{a0}: {} (tentative {attempt} sur {max_attempts})",
                    failure_name(failure)
                ),
            },
            Event::RetryScheduled { next_attempt, max_attempts, wait_ms, reason, .. } => match reason {
                WaitReason::RetryAfter => format!(
                    "Le serveur demande d'attendre\u{a0}: nouvelle tentative dans {} (tentative {next_attempt} sur {max_attempts})",
                    super::duration(*wait_ms)
                ),
                WaitReason::Backoff => format!(
                    "Backoff\u{a0}: nouvelle tentative dans {} (tentative {next_attempt} sur {max_attempts})",
                    super::duration(*wait_ms)
                ),
            },
            Event::ModelReplied { content, tool_calls, .. } if tool_calls.is_empty() => {
                format!("Le modèle répond\u{a0}: {}", clip(content.as_deref().unwrap_or_default()))
            }
            Event::ModelReplied { content, tool_calls, .. } => {
                let calls: Vec<String> = tool_calls
                    .iter()
                    .map(|c| format!("{}({})", clip(&c.function.name), clip(&c.function.arguments)))
                    .collect();
                match content {
                    Some(thought) if !thought.is_empty() => {
                        format!("Le modèle demande {}\u{a0}: «\u{a0}{}\u{a0}»", calls.join(", "), clip(thought))
                    }
                    _ => format!("Le modèle demande {}", calls.join(", ")),
                }
            }
            Event::QuirkTolerated { quirk, .. } => quirk_text(quirk),
            Event::ToolStarted { call, .. } => format!("Exécution de {}", call.function.name),
            Event::ToolSucceeded { name, output, .. } => format!("{} → {}", clip(name), clip(output)),
            Event::ToolFailed { name, layer: Layer::Code, .. } => format!("{} a perdu sa réponse → votre code le relance\u{202f}; le modèle n'en sait rien", clip(name)),
            Event::ToolFailed { name, kind, output, .. } => format!(
                "{} a échoué ({}) → renvoyé au modèle\u{a0}: {}",
                clip(name),
                tool_error_name(*kind),
                clip(output)
            ),
            Event::GuardTripped { guard, detail, .. } => {
                format!("Garde-fou\u{a0}: {}. {}", guard_name(*guard), guard_detail(detail))
            }
            Event::Finished { outcome, turns, .. } => {
                let t = plural(u64::from(*turns), "tour", "tours");
                format!("{} (au bout de {turns} {t})", outcome_title(outcome))
            }
        }
    }

    fn logs_only(&self) -> &'static str {
        "Dans vos logs seulement, jamais envoyé au modèle"
    }
}

impl Lessons for Fr {
    fn lesson_text(&self, id: LessonId) -> LessonText {
        match id {
            LessonId::RustedLock => LessonText {
                title: "La serrure rouillée",
                goal: "La clé ne tourne pas tant que la serrure n'est pas huilée. L'agent va le découvrir.",
                explanation: "L'outil a refusé en disant pourquoi\u{a0}: serrure rouillée, huilez-la d'abord. Cette phrase est revenue au modèle comme résultat d'outil\u{202f}; il l'a lue et a changé de plan. Une erreur d'outil renseigne le modèle, rien ne plante.",
                takeaway: "Une erreur d'outil est un message pour le modèle, pas un plantage.",
            },
            LessonId::ServerHiccup => LessonText {
                title: "Un hoquet du serveur",
                goal: "Le serveur du modèle répond 503 une fois, au tour où l'agent essaie la clé.",
                explanation: "Un 503 signale un serveur brièvement indisponible, ce qui passe souvent tout seul. Votre code a attendu un instant tiré au hasard puis a rappelé. Le modèle n'a rien vu\u{a0}: aucun tour ne lui a été montré.",
                takeaway: "Un 503 bref\u{a0}: votre code attend un instant au hasard, puis rappelle.",
            },
            LessonId::RateLimited => LessonText {
                title: "Trop de requêtes",
                goal: join!(
                    "Le serveur répond 429 Too Many Requests et demande au client de revenir dans ",
                    seconds_in!(RATE_LIMIT_RETRY_AFTER_MS, SIGN),
                    " secondes."
                ),
                explanation: "Quand le serveur fixe l'attente dans Retry-After, votre code la respecte au lieu de deviner. Revenir plus tôt ne vaudrait qu'un autre 429.",
                takeaway: "Quand le serveur dit combien attendre, attendez ce temps-là.",
            },
            LessonId::BadKey => LessonText {
                title: "Mauvaise clé",
                goal: "Le serveur répond 401 Unauthorized\u{a0}: la clé d'API est fausse.",
                explanation: "Une clé fausse le reste, qu'on la présente une fois ou dix. Réessayer ne sert à rien et le modèle n'y peut rien\u{a0}: l'exécution s'arrête aussitôt, sur une erreur claire pour un humain.",
                takeaway: "Inutile de réessayer une clé fausse\u{a0}: il faut un humain.",
            },
            LessonId::BadRequestRetried => LessonText {
                title: "Un 400 réessayé en vain",
                goal: "Un harnais de la mauvaise école réessaie tout échec, même un 400.",
                explanation: "Un 400 dit que la requête elle-même est cassée\u{a0}: la renvoyer donne le même 400. Ici, le harnais a gaspillé tentatives et attentes avant d'échouer quand même. Ne réessayez que ce qui peut passer tout seul.",
                takeaway: "Ne réessayez que ce qui peut passer tout seul\u{202f}; un 400, jamais.",
            },
            LessonId::BrokenJson => LessonText {
                title: "JSON cassé",
                goal: "Au tour 3, l'appel d'outil du modèle arrive avec des arguments tronqués.",
                explanation: "Le harnais n'a pas pu lire les arguments\u{202f}; il l'a dit au modèle en une phrase, exemple à l'appui. Le modèle a renvoyé l'appel, corrigé. Coût\u{a0}: un tour, pas l'exécution.",
                takeaway: "Dites au modèle ce qui clochait\u{a0}: il pourra renvoyer l'appel.",
            },
            LessonId::InventedTool => LessonText {
                title: "Un outil inventé",
                goal: "Le modèle appelle open_door, un outil qui n'existe pas.",
                explanation: "Le harnais a vérifié le nom avant de lancer quoi que ce soit et a répondu par la liste des vrais outils. Au tour suivant, le modèle en a pris un vrai.",
                takeaway: "Vérifiez le nom d'un outil avant de le lancer, et listez les vrais.",
            },
            LessonId::StubbornModel => LessonText {
                title: "Un modèle têtu",
                goal: "Ce modèle ignore l'indice et s'obstine à essayer la clé sur la serrure rouillée.",
                explanation: "Chaque erreur est revenue au modèle, mais il a refait la même faute. Après trois erreurs d'outil d'affilée, un garde-fou de votre code a arrêté l'exécution avant qu'elle ne brûle tout le budget de tours.",
                takeaway: "Un plafond d'erreurs d'affilée protège le budget d'un modèle coincé.",
            },
            LessonId::SameCallTwice => LessonText {
                title: "Deux fois le même appel",
                goal: "Le modèle têtu renvoie exactement l'appel qu'il a fait au tour précédent.",
                explanation: "Même appel, mêmes arguments\u{a0}: même réponse. Un garde-fou a repéré la répétition, arrêté la boucle et passé poliment la main à un humain au lieu de faire semblant.",
                takeaway: "Même appel, même réponse\u{a0}: passez la main à un humain.",
            },
            LessonId::NeverEndingTurn => LessonText {
                title: "Le tour sans fin",
                goal: "Au tour 2, le serveur accepte l'appel, puis ne dit plus rien.",
                explanation: join!(
                    "Sans watchdog, cette exécution attendrait pour toujours. Le watchdog a coupé l'appel muet au bout de ",
                    seconds_in!(Guards::DEFAULT.watchdog_ms, SIGN),
                    " secondes et l'a compté comme un timeout, que votre code a réessayé comme tout échec passager."
                ),
                takeaway: "Un watchdog change le silence en timeout que votre code peut réessayer.",
            },
            LessonId::RetriesUsedUp => LessonText {
                title: "Tentatives épuisées",
                goal: "Le serveur répond 503 trois fois de suite, et la politique n'autorise que trois tentatives.",
                explanation: "Réessayer, c'est parier que le problème passera vite. Si toutes les tentatives échouent, le pari est perdu\u{a0}: votre code arrête et l'exécution finit sur une erreur claire au lieu de tourner sans fin.",
                takeaway: "Réessayer est un pari limité\u{202f}; s'il est perdu, échouez clairement.",
            },
            LessonId::WhyJitter => LessonText {
                title: "Pourquoi le jitter\u{202f}?",
                goal: join!(
                    "Jitter coupé\u{a0}: après deux 503, votre code attend exactement ",
                    seconds_in!(numbers::FIXED_WAITS_MS[0], SIGN),
                    " s, puis ",
                    seconds_in!(numbers::FIXED_WAITS_MS[1], SIGN),
                    " s. Et si mille clients en font autant\u{202f}?"
                ),
                explanation: "Pour un seul client, une attente fixe suffit, et votre code a géré les deux 503. Mais tous les clients tombés au même instant reviennent au même instant\u{a0}: le serveur qui se relève reçoit toute la foule d'un coup et retombe. Une attente aléatoire sous le même plafond les étale\u{a0}: ouvrez le troupeau pour voir mille clients faire l'un et l'autre.",
                takeaway: "L'attente aléatoire évite que la foule revienne d'un seul bloc.",
            },
            LessonId::BareError => LessonText {
                title: "Une erreur nue contre une phrase",
                goal: "Les erreurs d'outil arrivent au modèle sous forme de code nu\u{a0}: la serrure rouillée dit seulement «\u{a0}Error: ToolError\u{a0}».",
                explanation: "«\u{a0}Error: ToolError\u{a0}» ne dit ni la cause ni la suite\u{a0}: le modèle ne pouvait pas deviner l'huile. Il a réessayé la clé, et le garde-fou de répétition a passé la main. Avec une phrase, le défaut, il huile la serrure et ouvre.",
                takeaway: "Écrivez les erreurs pour le modèle\u{a0}: ce qui ne va pas, et quoi faire.",
            },
            LessonId::SecretInHistory => LessonText {
                title: "Un secret dans l'historique",
                goal: "Le harnais transmet l'exception brute\u{a0}: stack trace, chemins de fichiers, chaîne de connexion.",
                explanation: "Le modèle a trouvé l'indice dans le dump et ouvert la porte. Mais il a lu bien plus de tokens, et le mot de passe est dans l'historique, renvoyé à chaque tour au modèle et à son fournisseur. Gardez les détails dans vos logs.",
                takeaway: "Stack traces et mots de passe vont dans vos logs\u{a0}; au modèle, une phrase.",
            },
            LessonId::LostReply => LessonText {
                title: "Une réponse perdue, relancée",
                goal: "Au tour 4, la clé ouvre la porte, mais sa réponse se perd. Ce harnais relance l'outil de lui-même.",
                explanation: "Le premier appel avait déjà ouvert la porte\u{202f}; seule sa réponse s'était perdue. Votre code a retourné la clé et reverrouillé\u{a0}: avec un paiement ou un e-mail, c'est un doublon sans retour. Prévenu, le modèle regarde d'abord et termine.",
                takeaway: "Un appel qui modifie des choses a peut-être réussi\u{a0}: vérifiez avant de le refaire.",
            },
            LessonId::FinishReason => LessonText {
                title: "Des appels déguisés en réponse",
                goal: "Au tour 1, le serveur envoie l'appel d'outil mais marque la réponse finish_reason «\u{a0}stop\u{a0}», comme certains vrais serveurs.",
                explanation: "Une boucle qui se fie à finish_reason prend «\u{a0}stop\u{a0}» pour la réponse finale et jette l'appel. Votre code s'est fié au contenu\u{a0}: il a exécuté l'appel et continué. Le mode comparaison montre la boucle naïve s'y laisser prendre.",
                takeaway: "Fiez-vous au contenu d'une réponse, pas au finish_reason qu'elle annonce.",
            },
            // Every lesson has its words above; one without them would show an empty card, and the
            // browser test that opens every lesson fails on that.
        }
    }

    fn lesson_step(&self, n: usize, of: usize) -> String {
        format!("Leçon {n} sur {of}")
    }

    fn start_plan(&self, lessons: usize, minutes: u32) -> String {
        let lessons = if lessons == 1 { "sa seule leçon".to_string() } else { format!("ses {lessons} leçons") };
        format!("Lancer le plan de l'atelier ({lessons}, {minutes}\u{a0}minutes, mode présentateur)")
    }

    fn reveal_line(&self, was: Layer) -> String {
        match was {
            Layer::Model => "C'est le modèle qui gère celui-ci.",
            Layer::Code => "C'est votre code qui gère celui-ci.",
            Layer::Nobody => "Personne ne peut gérer celui-ci.",
        }
        .into()
    }

    fn answer_line(&self, said: Layer, was: Layer) -> String {
        match (said, was) {
            (Layer::Model, Layer::Model) => "Le modèle s'en est chargé.",
            (Layer::Code, Layer::Code) => "Votre code s'en est chargé.",
            (Layer::Nobody, Layer::Nobody) => "Personne ne s'en est chargé.",
            (Layer::Code, Layer::Model) => "Vous avez répondu «\u{a0}votre code\u{a0}»\u{a0}: c'était le modèle.",
            (Layer::Nobody, Layer::Model) => "Vous avez répondu «\u{a0}personne\u{a0}»\u{a0}: c'était le modèle.",
            (Layer::Model, Layer::Code) => "Vous avez répondu «\u{a0}le modèle\u{a0}»\u{a0}: c'était votre code.",
            (Layer::Nobody, Layer::Code) => "Vous avez répondu «\u{a0}personne\u{a0}»\u{a0}: c'était votre code.",
            (Layer::Model, Layer::Nobody) => {
                "Vous avez répondu «\u{a0}le modèle\u{a0}»\u{a0}: personne ne pouvait s'en charger."
            }
            (Layer::Code, Layer::Nobody) => {
                "Vous avez répondu «\u{a0}votre code\u{a0}»\u{a0}: personne ne pouvait s'en charger."
            }
        }
        .into()
    }

    fn own_answer_line(&self, was: Layer) -> String {
        format!("La réponse de l'enseignant\u{a0}: {}.", layer_name(was).to_lowercase())
    }

    fn form_keep_agenda(&self, n: usize) -> String {
        if n == 1 {
            "Garder la leçon du dernier programme ouvert".into()
        } else {
            format!("Garder les {n} leçons du dernier programme ouvert")
        }
    }

    fn link_too_long(&self, len: usize, max: usize) -> String {
        format!(
            "Ce lien ferait {} caractères, plus que les {} qu'un lien peut contenir\u{a0}: raccourcissez les textes ou gardez moins de leçons.",
            count(len as u64),
            count(max as u64)
        )
    }
}

impl Kit for Fr {
    fn plan_summary(&self, lessons: usize, exercises: usize, minutes: u32) -> String {
        let l = if lessons <= 1 { format!("{lessons}\u{a0}leçon") } else { format!("{lessons}\u{a0}leçons") };
        let e =
            if exercises <= 1 { format!("{exercises}\u{a0}exercice") } else { format!("{exercises}\u{a0}exercices") };
        format!("{l} et {e}\u{a0}: environ {minutes}\u{a0}minutes en tout.")
    }

    fn ready_plan(&self, plan: rusty_lock_engine::show::plan::ReadyPlan, minutes: u32) -> String {
        use rusty_lock_engine::show::plan::ReadyPlan::*;
        match plan {
            Hour => format!("Une heure ({minutes}\u{a0}min)"),
            HalfHour => format!("Une demi-heure ({minutes}\u{a0}min)"),
            Everything => format!("Tout ({minutes}\u{a0}min)"),
        }
    }

    fn minutes(&self, n: u32) -> String {
        if n <= 1 {
            format!("{n} minute")
        } else {
            format!("{n} minutes")
        }
    }

    fn qr_label(&self, link: &str) -> String {
        format!("QR code du lien {link}")
    }

    fn phone_unreachable(&self, host: &str) -> String {
        format!("Un téléphone ne peut pas ouvrir cette adresse\u{a0}: {host} désigne cet ordinateur lui\u{2011}même, donc un téléphone qui scanne le code cherche la page sur le téléphone.")
    }

    fn codes_unreachable(&self, host: &str) -> String {
        format!("Ces QR codes pointent vers {host}, cet ordinateur lui\u{2011}même\u{a0}: un téléphone qui en scanne un cherche la page sur le téléphone, et ne trouve rien.")
    }
}

impl Herd for Fr {
    fn herd_policy_name(&self, p: rusty_lock_engine::run::herd::HerdPolicy) -> &'static str {
        use rusty_lock_engine::run::herd::HerdPolicy::*;
        match p {
            NoBackoff => "Sans backoff",
            Exponential => "Exponentiel, sans jitter",
            FullJitter => "Jitter complet",
            EqualJitter => "Jitter égal",
            Decorrelated => "Jitter décorrélé",
            Yours => "Votre politique",
        }
    }

    fn herd_yours(&self, p: &rusty_lock_engine::run::provider::RetryPolicy) -> String {
        let base = duration(p.base_delay_ms);
        let max = duration(p.max_delay_ms);
        let attempts = p.max_attempts;
        match (p.jitter, attempts) {
            (true, 1) => format!(
                "Chaque politique ici reprend votre première attente ({base}) et votre attente maximale ({max}). La vôtre y ajoute votre jitter (activé) et votre tentative unique\u{202f}; changez-les dans les réglages de nouvelles tentatives du bac à sable."
            ),
            (false, 1) => format!(
                "Chaque politique ici reprend votre première attente ({base}) et votre attente maximale ({max}). La vôtre y ajoute votre jitter (désactivé) et votre tentative unique\u{202f}; changez-les dans les réglages de nouvelles tentatives du bac à sable."
            ),
            (true, _) => format!(
                "Chaque politique ici reprend votre première attente ({base}) et votre attente maximale ({max}). La vôtre y ajoute votre jitter (activé) et votre limite de {attempts} tentatives\u{202f}; changez-les dans les réglages de nouvelles tentatives du bac à sable."
            ),
            (false, _) => format!(
                "Chaque politique ici reprend votre première attente ({base}) et votre attente maximale ({max}). La vôtre y ajoute votre jitter (désactivé) et votre limite de {attempts} tentatives\u{202f}; changez-les dans les réglages de nouvelles tentatives du bac à sable."
            ),
        }
    }

    fn herd_slots_hint(&self, capacity: u32, slot_ms: u64) -> String {
        let a = plural(u64::from(capacity), "appel", "appels");
        format!(
            "Chaque créneau dure {}\u{202f}; une fois rétabli, le serveur sert {} {a} par créneau et refuse le reste.",
            duration(slot_ms),
            count(u64::from(capacity))
        )
    }

    fn herd_done(&self, line: &rusty_lock_engine::run::herd::HerdLine) -> String {
        match (line.last_success_ms, line.cut_short) {
            (_, true) => "arrêté\u{a0}: trop d'appels à simuler".into(),
            (Some(ms), _) if line.gave_up == 1 => format!("{} (1 abandon)", duration(ms)),
            (Some(ms), _) if line.gave_up > 0 => {
                format!("{} ({} abandons)", duration(ms), count(line.gave_up as u64))
            }
            (Some(ms), _) => duration(ms),
            (None, _) => "personne n'est passé".into(),
        }
    }

    fn herd_goes_on(&self, line: &rusty_lock_engine::run::herd::HerdLine) -> String {
        match line.last_success_ms {
            Some(ms) => format!("(continue au-delà du bord, jusqu'à {})", duration(ms)),
            None => "(continue au-delà du bord)".into(),
        }
    }

    fn herd_slots_summary(&self, lines: &[rusty_lock_engine::run::herd::HerdLine], end_ms: u64) -> String {
        let parts: Vec<String> = lines
            .iter()
            .map(|l| {
                let peak = l.calls_per_slot.iter().copied().max().unwrap_or(0);
                let a = plural(peak as u64, "appel", "appels");
                format!(
                    "{}\u{a0}: pic de {} {a} sur un créneau, {}",
                    herd_policy_name(l.policy),
                    count(peak as u64),
                    herd_done(l)
                )
            })
            .collect();
        format!(
            "Pendant les {} qui suivent le début de la panne\u{a0}: {}.",
            duration(end_ms),
            parts.join("\u{202f}; ")
        )
    }

    fn herd_lost(&self, figure: &str, gave_up: u32) -> String {
        match gave_up {
            1 => format!("{figure}, 1\u{a0}client perdu"),
            n => format!("{figure}, {}\u{a0}clients perdus", count(n as u64)),
        }
    }
}

impl Verdict for Fr {
    fn failure_noun(&self, failure: &CallFailure) -> String {
        match failure {
            CallFailure::Http { status } => format!("HTTP {status}"),
            CallFailure::Network => "connexion coupée".into(),
            CallFailure::Timeout => "timeout".into(),
            CallFailure::BadBody { .. } => "corps illisible".into(),
        }
    }

    fn failure_with_article(&self, failure: &CallFailure) -> String {
        match failure {
            CallFailure::Http { status } => format!("une erreur HTTP {status}"),
            CallFailure::Network => "une connexion coupée".into(),
            CallFailure::Timeout => "un timeout".into(),
            CallFailure::BadBody { .. } => "un corps illisible".into(),
        }
    }

    fn finding(&self, said: &Said) -> String {
        let what = failure_with_article;
        match said {
            Said::BareToolError { turn, tool } => format!("Au tour {turn}, l'erreur de {} est arrivée au modèle sous forme de code nu\u{a0}: il ne pouvait que deviner et se répéter. Correctif\u{a0}: dites en une phrase ce qui ne va pas et quoi faire ensuite.", clip(tool)),
            Said::SecretSent { turn, secrets } => format!("Au tour {turn}, l'erreur d'outil a envoyé au modèle {}\u{a0}; ils restent dans l'historique et repartent à chaque tour suivant. Correctif\u{a0}: envoyez au modèle une phrase claire et écrivez l'exception dans vos logs.", secret_list(secrets)),
            Said::RetriedNonIdempotent { turn, tool } => format!("Au tour {turn}, l'appel {} a perdu sa réponse et votre code l'a relancé de lui-même\u{a0}: une action qu'on ne peut pas répéter sans risque a eu lieu deux fois. Correctif\u{a0}: dire au modèle que l'appel a peut-être abouti, pour qu'il vérifie avant de le refaire.", short_text(tool, 40)),
            Said::CheckedBeforeRepeating { turn, tool } => format!("Au tour {turn}, l'appel {} a perdu sa réponse\u{202f}; le modèle a su qu'il avait peut-être abouti, et a pu vérifier avant de le refaire.", short_text(tool, 40)),
            Said::DroppedToolCalls { turn, finish_reason } => format!("Au tour {turn}, la réponse demandait des outils mais annonçait finish_reason «\u{a0}{}\u{a0}», et la boucle l'a prise pour la réponse finale sans les exécuter. Correctif\u{a0}: décider selon que la réponse contient des appels d'outil, pas selon sa raison de fin.", short_text(finish_reason, 40)),
            Said::AcceptedCutReply { turn } => format!("Au tour {turn}, la réponse a été coupée à la limite de jetons (finish_reason «\u{a0}length\u{a0}»), et la boucle l'a pourtant donnée pour la réponse. Correctif\u{a0}: traiter une réponse coupée comme inachevée, jamais comme le résultat."),
            Said::RetriedPermanent { turn, failure } => format!(
                "Le tour {turn} a réessayé {}, qui revient identique à chaque envoi\u{a0}: la nouvelle tentative n'a coûté que du temps et du quota.",
                what(failure)
            ),
            Said::RetryAfterCapped { turn, asked_ms, cap_ms } => format!(
                "Au tour {turn}, le serveur a demandé {}, mais le plafond de {} a renvoyé la nouvelle tentative trop tôt, là où elle risque un nouveau refus\u{202f}; échouer tout de suite serait plus clair.",
                duration(*asked_ms),
                duration(*cap_ms)
            ),
            Said::IgnoredRetryAfter { turn, waited_ms, asked_ms } => format!(
                "Le tour {turn} a réessayé après {} alors que le serveur demandait {}\u{a0}: la nouvelle tentative a très probablement essuyé le même refus.",
                duration(*waited_ms),
                duration(*asked_ms)
            ),
            Said::RetryAfterCapAtZero { turn, failure } => format!(
                "Le tour {turn} a réessayé {} aussitôt, car le plafond Retry-After vaut 0 ms\u{a0}: toute attente demandée par le serveur passe à la trappe.",
                what(failure)
            ),
            Said::HonouredRetryAfter { turn, failure, waited_ms, asked_ms: Some(asked) } => format!(
                "Le tour {turn} a attendu {} après {}, aussi longtemps que le serveur le demandait ({}).",
                duration(*waited_ms),
                what(failure),
                duration(*asked)
            ),
            Said::HonouredRetryAfter { turn, failure, waited_ms, asked_ms: None } => format!(
                "Le tour {turn} a attendu {} après {}, exactement le temps demandé par le serveur.",
                duration(*waited_ms),
                what(failure)
            ),
            Said::RetryAfterMissing { turn, waited_ms } => format!(
                "Le 429 du tour {turn} a été réessayé après une attente devinée de {}, faute de Retry-After parvenu à la boucle\u{a0}: le serveur n'en a pas envoyé ou, en cross-origin, ne l'a pas listé dans Access-Control-Expose-Headers.",
                duration(*waited_ms)
            ),
            Said::RecoveredWithBackoff { turn, failure, waited_ms } => format!(
                "Le tour {turn} a réessayé {} après {} de backoff, et une tentative suivante a abouti\u{202f}; le modèle n'en a rien su.",
                what(failure),
                duration(*waited_ms)
            ),
            Said::GaveUpTooEarly { turn, failure } => format!(
                "Un seul échec ({}) au tour {turn} a mis fin à l'exécution, car une seule tentative est permise\u{202f}; une nouvelle tentative après une courte attente serait très probablement passée.",
                failure_noun(failure)
            ),
            Said::RetriesUsedUp { turn, failure, attempts, waited_ms } => format!(
                "Le tour {turn} a encore échoué ({}) au bout de {attempts} {} et de {} d'attente\u{a0}: les nouvelles tentatives étaient épuisées et l'exécution s'est arrêtée. Pour tenir face à une panne plus longue, autorisez plus de tentatives ou allongez l'attente maximale\u{202f}; sinon, acceptez qu'un tel échec arrête l'exécution et signalez-le clairement.",
                failure_noun(failure),
                plural(u64::from(*attempts), "tentative", "tentatives"),
                duration(*waited_ms)
            ),
            Said::FailedFast { turn, failure } => format!(
                "L'échec du tour {turn} ({}) a arrêté l'exécution aussitôt au lieu d'être réessayé, puisqu'aucune nouvelle tentative ne peut le corriger.",
                failure_noun(failure)
            ),
            Said::RetriedWithoutWaiting { turn, waited_ms } => format!(
                "Le tour {turn} a réessayé après seulement {}\u{a0}: revenir aussitôt vers un serveur en difficulté vaut surtout un nouvel échec, et alourdit sa charge.",
                duration(*waited_ms)
            ),
            Said::RetryStorm { calls, most, on_turn } => format!(
                "L'exécution a fait {} appels au modèle, jusqu'à {most} au tour {on_turn}\u{a0}: un client qui réessaie aussi fort charge justement le serveur en difficulté, et un vrai client paierait chaque appel.",
                count(u64::from(*calls))
            ),
            Said::SynchronizedRetries => "Le backoff a tourné sans jitter\u{a0}: tous les clients tombés au même moment reviennent aux mêmes moments et frappent ensemble le serveur qui se relève.".into(),
            Said::HangWithoutTimeout { turn, until_stop: true } => format!(
                "L'appel au modèle du tour {turn} n'a jamais répondu et, sans watchdog, l'exécution a attendu jusqu'à l'appui sur Arrêter\u{202f}; un timeout aurait transformé le blocage en nouvelle tentative."
            ),
            Said::HangWithoutTimeout { turn, until_stop: false } => format!(
                "L'appel au modèle du tour {turn} n'a jamais répondu et, sans watchdog, l'exécution a attendu indéfiniment\u{202f}; un timeout aurait transformé le blocage en nouvelle tentative."
            ),
            Said::AcceptedTruncatedStream { turn } => format!(
                "La réponse du tour {turn} n'avait pas de raison de fin, signe d'un flux coupé avant son terme, et pourtant la boucle l'a prise pour une réponse complète."
            ),
            Said::WatchdogCutHang { turn, after_ms } => format!(
                "Le watchdog a coupé l'appel du tour {turn} après {} sans réponse, changeant un blocage muet en timeout que votre code pouvait réessayer.",
                duration(*after_ms)
            ),
            Said::GuardStoppedLoop { guard: Guard::RepeatedCall, turn } => format!(
                "Au tour {turn}, le garde-fou anti-répétition a vu le modèle demander deux fois le même geste et a passé la main au lieu de brûler des tours."
            ),
            Said::GuardStoppedLoop { guard: Guard::ErrorsInARow, turn } => format!(
                "Au tour {turn}, le garde-fou des erreurs d'affilée a arrêté un modèle qui ratait sans cesse ses appels d'outils."
            ),
            Said::GuardStoppedLoop { turn, .. } if *turn <= 1 => {
                format!("Le budget de tours a arrêté l'exécution après {turn} tour au lieu de la laisser errer.")
            }
            Said::GuardStoppedLoop { turn, .. } => {
                format!("Le budget de tours a arrêté l'exécution après {turn} tours au lieu de la laisser errer.")
            }
            Said::ToleratedQuirk { turn, finish_reason } => format!(
                "La réponse du tour {turn} contenait des appels d'outils mais finissait par finish_reason «\u{a0}{}\u{a0}»\u{202f}; la boucle s'est fiée à son contenu et les a exécutés.",
                short_text(finish_reason, 40)
            ),
            Said::CutAtLength { turn } => format!(
                "La réponse du tour {turn} a été coupée à la limite de tokens\u{a0}: elle n'a donc pas été prise pour la réponse. Augmentez max_tokens ou envoyez un historique plus court."
            ),
            Said::NotAnAnswer { turn, finish_reason } => format!(
                "La réponse du tour {turn} s'est arrêtée avec finish_reason «\u{a0}{}\u{a0}», qui n'indique pas une réponse terminée\u{a0}: l'exécution s'est arrêtée au lieu de la faire passer pour une réponse.",
                short_text(finish_reason, 40)
            ),
        }
    }

    fn severity_name(&self, s: rusty_lock_engine::show::verdict::Severity) -> &'static str {
        match s {
            rusty_lock_engine::show::verdict::Severity::Good => "Bien\u{a0}:",
            rusty_lock_engine::show::verdict::Severity::Warning => "Attention\u{a0}:",
            rusty_lock_engine::show::verdict::Severity::Bad => "Problème\u{a0}:",
        }
    }

    fn strip_title(&self, turn: u32) -> String {
        format!("Backoff au tour {turn}")
    }

    fn strip_label(&self, next_attempt: u32) -> String {
        format!("avant l'essai {next_attempt}")
    }

    fn strip_value(&self, bar: &rusty_lock_engine::show::view::StripBar) -> String {
        match (bar.reason, bar.retry_after_ms) {
            (WaitReason::RetryAfter, Some(asked)) => {
                format!("{} (demande\u{a0}: {})", duration(bar.wait_ms), duration(asked))
            }
            (WaitReason::RetryAfter, None) => format!("{} (demandé)", duration(bar.wait_ms)),
            (WaitReason::Backoff, _) => format!("{} sur {}", duration(bar.wait_ms), duration(bar.ceiling_ms)),
        }
    }

    fn strip_bar(&self, bar: &rusty_lock_engine::show::view::StripBar) -> String {
        match bar.reason {
            WaitReason::RetryAfter => format!(
                "Avant la tentative {}\u{a0}: le serveur a demandé {}, et votre code a attendu {}.",
                bar.attempt + 1,
                duration(bar.retry_after_ms.unwrap_or(bar.wait_ms)),
                duration(bar.wait_ms)
            ),
            WaitReason::Backoff => format!(
                "Avant la tentative {}\u{a0}: toute attente jusqu'à {} était permise, et le tirage a donné {}.",
                bar.attempt + 1,
                duration(bar.ceiling_ms),
                duration(bar.wait_ms)
            ),
        }
    }

    fn strip_total(&self, ms: u64) -> String {
        format!("Attente totale\u{a0}: {}. ", duration(ms))
    }
}

impl Endpoint for Fr {
    fn preset_name(&self, preset: Preset) -> &'static str {
        match preset {
            Preset::Ollama => "Ollama",
            Preset::LmStudio => "LM Studio",
            Preset::OpenAi => "OpenAI",
            Preset::Vllm => "vLLM",
            Preset::Custom => "Personnalisé",
        }
    }

    fn diagnosis(&self, found: &Diagnosis) -> String {
        match found {
            Diagnosis::BadAddress => "Le navigateur ne peut pas appeler cette adresse\u{a0}: elle doit commencer par http:// ou https://.".into(),
            Diagnosis::Unreachable => "Rien ne répond à cette adresse, pas même à une requête à l'aveugle\u{a0}: le serveur ne tourne pas, ou l'hôte ou le port est faux.".into(),
            Diagnosis::CorsBlocked => "Le serveur tourne (il a répondu à une requête que le navigateur peut faire à l'aveugle), mais le navigateur ne laisse pas cette page lire ses réponses. C'est CORS\u{a0}: le serveur n'a pas indiqué que l'origine de cette page pouvait les lire.".into(),
            Diagnosis::Silent { after_ms } => format!("Le serveur a accepté la connexion mais n'a rien répondu en {}.", self.seconds(u64::from(*after_ms))),
            Diagnosis::HttpError { status, message: Some(message) } => format!("Le serveur a répondu HTTP {status}\u{a0}: «\u{a0}{message}\u{a0}»"),
            Diagnosis::HttpError { status, message: None } => format!("Le serveur a répondu HTTP {status}, sans autre explication."),
            Diagnosis::NotOpenAi { why: NotOpenAi::Html } => "Le serveur a répondu par une page web, et non par le JSON d'une API compatible OpenAI\u{a0}: cette adresse n'est pas celle de son API.".into(),
            Diagnosis::NotOpenAi { why: NotOpenAi::NotJson } => "Le serveur a répondu par un texte qui n'est pas du JSON\u{a0}: cette adresse n'est pas une API compatible OpenAI.".into(),
            Diagnosis::NotOpenAi { why: NotOpenAi::NoModelList } => "Le serveur a répondu en JSON, mais pas par une liste de modèles (il n'y a pas de liste \"data\")\u{a0}: cette adresse n'est pas une API compatible OpenAI.".into(),
            Diagnosis::Ok { models } if models.is_empty() => ENDPOINT.connected_no_models.into(),
            Diagnosis::Ok { models } => {
                let shown: Vec<&str> = models.iter().take(8).map(String::as_str).collect();
                match models.len().saturating_sub(8) {
                    0 => format!("Connecté. Modèles\u{a0}: {}.", shown.join(", ")),
                    1 => format!("Connecté. Modèles\u{a0}: {} et 1 autre.", shown.join(", ")),
                    more => format!("Connecté. Modèles\u{a0}: {} et {more} autres.", shown.join(", ")),
                }
            }
        }
    }

    fn diagnosis_fix(&self, found: &Diagnosis, preset: Preset, origin: &str) -> Option<String> {
        let example = if preset == Preset::Custom { Preset::Ollama.base_url() } else { preset.base_url() };
        Some(match found {
            Diagnosis::BadAddress => format!("Écrivez l'adresse entière, par exemple {example}."),
            Diagnosis::Unreachable => match preset {
                Preset::Ollama => join!("Lancez Ollama (ouvrez l'application, ou tapez ollama serve), puis testez de nouveau. Il écoute sur le port ", numbers::port(Preset::Ollama.base_url()), ".").into(),
                Preset::LmStudio => join!("Dans l'onglet Developer de LM Studio, démarrez le serveur (port ", numbers::port(Preset::LmStudio.base_url()), " sauf si vous l'avez changé), puis testez de nouveau.").into(),
                Preset::Vllm => join!("Lancez vLLM (vllm serve suivi du nom du modèle\u{202f}; port ", numbers::port(Preset::Vllm.base_url()), " sauf si vous l'avez changé), puis testez de nouveau.").into(),
                Preset::OpenAi => "Vérifiez l'adresse et la connexion réseau de cet ordinateur.".into(),
                Preset::Custom => "Lancez le serveur, et vérifiez l'hôte et le port dans l'adresse.".into(),
            },
            Diagnosis::CorsBlocked => match preset {
                Preset::Ollama => format!("Ollama\u{a0}: relancez-le en autorisant l'origine de cette page, par exemple OLLAMA_ORIGINS={origin} ollama serve (ou définissez OLLAMA_ORIGINS dans l'environnement de son service)."),
                Preset::LmStudio => "LM Studio\u{a0}: dans l'onglet Developer, ouvrez les réglages du serveur, activez «\u{a0}Enable CORS\u{a0}», puis redémarrez le serveur.".into(),
                Preset::Vllm => format!("vLLM\u{a0}: lancez-le avec --allowed-origins '[\"{origin}\"]'."),
                Preset::OpenAi => "Une API hébergée\u{a0}: vérifiez l'adresse et votre réseau\u{202f}; les API hébergées acceptent normalement les appels d'un navigateur.".into(),
                Preset::Custom => format!("Votre serveur doit répondre avec Access-Control-Allow-Origin: {origin} (ou *) et autoriser les en-têtes authorization et content-type dans sa réponse au preflight."),
            },
            Diagnosis::Silent { .. } => "Le serveur est peut-être en train de charger un modèle, ou bloqué\u{a0}: regardez son propre journal, puis testez de nouveau.".into(),
            Diagnosis::HttpError { status: 401 | 403, .. } => "Vérifiez la clé d'API\u{a0}: saisissez-la de nouveau dans le champ Clé d'API. Une API hébergée en demande une\u{202f}; un serveur sur votre propre machine, en général non.".into(),
            Diagnosis::HttpError { status: 404, .. } => format!("Cette adresse n'a pas de liste de modèles\u{a0}: vérifiez que l'URL de base se termine par /v1, par exemple {example}."),
            Diagnosis::HttpError { status: 429, .. } => "Le serveur limite les requêtes\u{a0}: attendez un moment, puis testez de nouveau.".into(),
            Diagnosis::HttpError { status: 500..=599, .. } => "Le serveur a échoué de son côté\u{a0}: regardez son propre journal, puis testez de nouveau.".into(),
            Diagnosis::HttpError { .. } => format!("Lisez le message du serveur, et vérifiez l'URL de base\u{a0}: elle devrait se terminer par /v1, par exemple {example}."),
            Diagnosis::NotOpenAi { .. } => format!("Vérifiez l'URL de base\u{a0}: celle d'une API compatible OpenAI se termine par /v1, par exemple {example}."),
            Diagnosis::Ok { models } if models.is_empty() => match preset {
                Preset::Ollama => "Téléchargez d'abord un modèle, par exemple ollama pull llama3.1, puis testez de nouveau.".into(),
                Preset::LmStudio | Preset::Vllm | Preset::OpenAi | Preset::Custom => "Chargez un modèle sur le serveur, puis testez de nouveau.".into(),
            },
            Diagnosis::Ok { .. } => return None,
        })
    }

    fn model_needed(&self, preset: Preset) -> String {
        format!(
            "{} a besoin d'un nom de modèle\u{a0}: tapez-en un, par exemple {}, ou appuyez sur Tester la connexion pour voir les modèles du serveur.",
            self.preset_name(preset),
            preset.example_model()
        )
    }

    fn model_placeholder(&self, preset: Preset) -> String {
        if preset.needs_model() {
            format!("obligatoire, par exemple {}", preset.example_model())
        } else {
            format!("si le serveur en demande un, par exemple {}", preset.example_model())
        }
    }
}

impl Compare for Fr {
    fn code_note(&self, note: Note) -> &'static str {
        match note {
            Note::Loop => "La boucle. Ce que personne ne rattrape met fin à l’exécution (couche 3).",
            Note::NormalExit => "la seule sortie normale",
            Note::GuardRepeat => "garde-fou : deux fois le même coup",
            Note::GuardErrors => "garde-fou : erreurs d’affilée",
            Note::GuardTurns => "garde-fou : le budget de tours",
            Note::Layer1 => "Couche 1, votre code : réessayer ce qui passe tout seul.",
            Note::Watchdog => "garde-fou : le chien de garde l’a coupé, c’est un délai dépassé",
            Note::Throw => "couche 3 : réessayer n’y changera rien",
            Note::Layer2 => "Couche 2, le modèle : l’échec d’un outil devient un texte qu’il lit.",
            Note::NaiveLoop => {
                "La boucle naïve : un seul essai par appel, rien de rattrapé, aucun garde-fou sauf le budget de tours."
            }
            Note::NaiveSend => {
                "Un seul essai, pas de chien de garde : un 503 ou un appel qui ne répond pas l’arrête ici."
            }
            Note::NaiveDecide => "Elle prend finish_reason au pied de la lettre.",
            Note::NaiveTool => "Un outil en échec lève une exception : le modèle ne lit jamais ce qui n’a pas marché.",
            Note::NaiveGuards => "Aucun garde-fou ici : le même appel repart jusqu’à épuiser les tours.",
        }
    }

    fn diverge_line(&self, step: usize, turn: Option<u32>) -> String {
        match turn {
            Some(t) => format!("Étape {step} (tour {t})\u{a0}: ici, les deux boucles se séparent."),
            None => format!("Étape {step}\u{a0}: ici, les deux boucles se séparent."),
        }
    }
}

pub static PRESENTER: PresenterLabels = PresenterLabels {
    title: "Vue présentateur",
    waiting: "En attente de la fenêtre projetée. Ouvrez Rusty Lock en mode présentation dans ce même navigateur\u{a0}: cette vue la suivra.",
    open_projected: "Ouvrir le mode présentation",
    on_screen: "À l'écran",
    question_up: "La question est affichée. Laissez la salle répondre, puis appuyez sur Suivant pour jouer l'exécution, ou sur 1, 2, 3 pour la réponse de la salle.",
    answer_for_you: "La réponse, pour vous seul\u{a0}:",
    handled_by: "Géré par",
    takeaway: "À retenir",
    next: "Ensuite",
    next_run_starts: "L'exécution, un temps à la fois\u{a0}: un tour qui se passe bien, puis chaque panne et sa prise en charge.",
    next_step: "L'étape suivante de l'exécution.",
    next_lesson: "Leçon suivante\u{a0}:",
    last_lesson: "C'était la dernière leçon.",
    free_play: "Aucune leçon ouverte\u{a0}: jeu libre.",
    timed_note: "Lecture minutée\u{a0}: les étapes avancent seules. T revient au pas à pas.",
    elapsed: "Écoulé",
    reset_clock: "Remettre l'horloge à zéro",
    back_button: "\u{25c0} Retour",
    next_button: "Suivant \u{25b6}",
    pace_button: "Minuté ou pas à pas (T)",
    keys: "Les touches de la fenêtre projetée, ici aussi\u{a0}: Pg Suiv temps suivant \u{b7} Pg Préc temps précédent \u{b7} \u{2192} ou Espace une étape \u{b7} \u{2190} étape précédente \u{b7} F panne suivante \u{b7} Fin résultat \u{b7} N, P leçon suivante ou précédente \u{b7} 1, 2, 3 répondre \u{b7} S montrer \u{b7} T minuté ou pas à pas",
    open_link: "Vue présentateur",
    point_at: "Montrez",
    ask_room: "Demandez à la salle",
    next_press: "Au prochain appui\u{a0}:",
    after_lesson: "Après cette leçon\u{a0}:",
    this_lesson: "Cette leçon",
    workshop: "Atelier",
    go_to_lesson: "Aller à la leçon",
    previous_lesson: "\u{25c0} Leçon (P)",
    next_lesson_button: "Leçon (N) \u{25b6}",
    closing_on_screen: "La fin de l'atelier est à l'écran\u{a0}: chaque leçon, avec la couche qui a géré la panne et ce qu'il faut en retenir, puis les exercices, avec des QR codes pour les téléphones de la salle.",
    closing_next: "PageUp ou P revient à la dernière leçon.",
};

impl PresenterNotes for Fr {
    fn pv_point(&self, cue: rusty_lock_engine::show::cue::Cue) -> &'static str {
        use rusty_lock_engine::show::cue::Cue as C;
        match cue {
            C::Question => "La question et ses trois réponses.",
            C::Ready => "La scène\u{a0}: le héros (la boucle) dans la salle, l'oracle (le modèle) qui attend.",
            C::Start => "La tâche et le prompt système\u{a0}: tout l'historique, pour l'instant.",
            C::Gather => "Le paquet que le héros rassemble\u{a0}: tous les messages jusqu'ici.",
            C::Ask => "L'appel qui part vers l'oracle, et son numéro de tentative.",
            C::CallRetried => "L'erreur chez l'oracle, et le tampon «\u{a0}votre code\u{a0}».",
            C::CallFatal => "L'erreur chez l'oracle, et le tampon «\u{a0}personne\u{a0}».",
            C::Wait => "Le héros sur le banc, et la durée de l'attente.",
            C::Request => "L'appel d'outil sur la carte de l'oracle.",
            C::Final => "La réponse finale\u{a0}: une réponse qui ne demande aucun outil.",
            C::Quirk => "La réponse bizarre, et le tampon «\u{a0}votre code\u{a0}».",
            C::Tool => "Le héros à la porte, qui lance l'outil sur la salle.",
            C::ToolOk => "Ce qui a changé dans la salle, et le résultat qui entre dans l'historique.",
            C::ToolToModel => "La bulle d'erreur\u{a0}: l'erreur est renvoyée au modèle.",
            C::ToolByCode => "L'appel d'outil, et le tampon «\u{a0}votre code\u{a0}».",
            C::ToolUnhandled => "Le paquet de l'historique\u{a0}: ce qui vient d'y entrer.",
            C::Guard => "Le panneau du garde-fou, et son tampon.",
            C::Answered => "La porte ouverte, et le résultat.",
            C::Escalated => "Le passage de relais, et le résultat.",
            C::GaveUp => "Le compteur de tours, et le résultat.",
            C::Failed => "L'erreur qui a mis fin à l'exécution, toujours à l'écran.",
            C::Cancelled => "L'endroit où l'exécution s'est arrêtée.",
        }
    }

    fn pv_ask(&self, cue: rusty_lock_engine::show::cue::Cue) -> &'static str {
        use rusty_lock_engine::show::cue::Cue as C;
        match cue {
            C::Question => "Quelle couche va gérer cette panne\u{a0}: le modèle, votre code ou personne\u{202f}? Faites lever les mains pour chacune.",
            C::Ready => "Que va faire la boucle en premier\u{202f}?",
            C::Start => "Que sait le modèle au début de l'exécution\u{202f}?",
            C::Gather => "Pourquoi tout l'historique repart-il à chaque tour\u{202f}?",
            C::Ask => "Qu'est-ce qui pourrait mal tourner avec cet appel\u{202f}?",
            C::CallRetried => "Le modèle saura-t-il un jour que cet appel a échoué\u{202f}?",
            C::CallFatal => "Une nouvelle tentative aurait-elle aidé\u{202f}? Qui doit agir maintenant\u{202f}?",
            C::Wait => "Pourquoi attendre plus longtemps à chaque fois, et pourquoi ajouter du hasard\u{202f}?",
            C::Request => "Qui exécute cet appel\u{a0}: le modèle ou votre code\u{202f}?",
            C::Final => "Comment la boucle sait-elle que le modèle a terminé\u{202f}?",
            C::Quirk => "Qu'aurait fait une boucle plus stricte de cette réponse\u{202f}?",
            C::Tool => "Que peut répondre cet outil\u{202f}?",
            C::ToolOk => "Que va faire le modèle de ce résultat\u{202f}?",
            C::ToolToModel => "Le modèle a lu l'erreur\u{a0}: que va-t-il tenter maintenant\u{202f}?",
            C::ToolByCode => "Peut-on relancer cet outil sans risque\u{202f}? Comment le savoir\u{202f}?",
            C::ToolUnhandled => "Quelle couche aurait dû arrêter ça, et comment\u{202f}?",
            C::Guard => "Combien aurait coûté cette exécution sans le garde-fou\u{202f}?",
            C::Answered => "Quelle couche a géré la panne\u{202f}? La salle avait-elle vu juste\u{202f}?",
            C::Escalated => "Que doit voir en premier la personne qui prend le relais\u{202f}?",
            C::GaveUp => "Abandonner, était-ce le bon choix\u{202f}? Que garderiez-vous dans les journaux\u{202f}?",
            C::Failed => "Pourquoi aucune couche n'a-t-elle pu réparer ça\u{202f}? Qui faut-il prévenir\u{202f}?",
            C::Cancelled => "Qu'est-ce qui est resté à moitié fait\u{202f}?",
        }
    }

    fn pv_coming(&self, coming: rusty_lock_engine::show::cue::Coming) -> &'static str {
        use rusty_lock_engine::show::cue::Coming as C;
        match coming {
            C::Run => "l'exécution démarre\u{a0}: la tâche, puis un premier tour.",
            C::Turn => "un nouveau tour\u{a0}: tout l'historique repart vers le modèle.",
            C::Call => "l'appel au modèle.",
            C::Reply => "la réponse du modèle\u{a0}: un appel d'outil, la réponse finale ou une panne.",
            C::Failure(Layer::Model) => {
                "une panne gérée par le modèle\u{a0}: l'erreur revient comme résultat de l'outil."
            }
            C::Failure(Layer::Code) => "une panne gérée par votre code\u{a0}: le modèle n'en saura rien.",
            C::Failure(Layer::Nobody) => "une panne que personne ne gère.",
            C::Wait => "votre code attend, puis rappelle.",
            C::Watchdog => "le watchdog coupe l'appel muet\u{a0}: un timeout.",
            C::Tool => "l'outil agit sur la salle.",
            C::ToolResult => "le résultat de l'outil.",
            C::Guard => "un garde-fou intervient.",
            C::Outcome => "le résultat de l'exécution.",
        }
    }

    fn pv_plan_window(&self, from: u32, to: u32) -> String {
        format!("Selon le plan, cette leçon va de la minute {from} à la minute {to}.")
    }
}

impl Notices for Fr {
    fn notice(&self, problem: &Problem) -> String {
        let q = |v: &str| format!("«\u{a0}{v}\u{a0}»");
        match problem {
            Problem::UnknownErrorText { value } => {
                let schools: Vec<&str> = ErrorText::ALL.iter().map(|e| e.slug()).collect();
                format!("{} n'est pas une façon d'écrire les erreurs d'outil\u{a0}; utilisez {}", q(value), schools.join(", "))
            }
            Problem::LinkTooLong { max } => {
                format!("dépasse {} caractères\u{202f}; seul son début a été lu", count(*max as u64))
            }
            Problem::UnknownLesson { value } => {
                format!("{} ne correspond à aucune leçon\u{202f}; choisissez-en une dans le menu Leçons", q(value))
            }
            Problem::UnknownPlanItem { value } => format!(
                "{} n'est ni une leçon ni un exercice\u{202f}; le reste du programme a été gardé",
                q(value)
            ),
            Problem::Repeated => "apparaît plusieurs fois\u{202f}; la première valeur a été gardée".into(),
            Problem::NewerFormat { found, ours } => format!(
                "indique le format {found}, plus récent que cette page (format {ours})\u{202f}; les réglages qu'elle ne connaît pas sont ignorés"
            ),
            Problem::NotAFormat { value } => format!("{} n'est pas un numéro de format", q(value)),
            Problem::TooManyFaults { max } => format!("contient plus de {max} pannes\u{202f}; les autres ont été ignorées"),
            Problem::Fault { value, why } => {
                let why = match why {
                    FaultProblem::Shape => "écrivez-la sous la forme t<tour>:<panne>, comme t2:503".to_string(),
                    FaultProblem::TurnRange { min, max } => format!("le tour doit aller de {min} à {max}"),
                    FaultProblem::UnknownFault => {
                        let known: Vec<&str> = Fault::ALL.iter().map(|f| f.slug()).collect();
                        format!("panne inconnue\u{202f}; les pannes connues sont {}", known.join(" "))
                    }
                    FaultProblem::TimesRange { max } => format!("le nombre de répétitions doit aller de 1 à {max}"),
                };
                format!("la panne {} a été ignorée\u{a0}: {why}", q(value))
            }
            Problem::UnknownLostReply { value } => format!("{} n'est pas une façon de traiter une réponse perdue\u{202f}; utilisez «\u{a0}tell\u{a0}» ou «\u{a0}retry\u{a0}»", q(value)),
            Problem::UnknownModel { value } => format!("{} n'est pas un modèle\u{202f}; utilisez helpful ou stubborn", q(value)),
            Problem::OutOfRange { min, max } => {
                format!("doit être un nombre entier de {min} à {max}\u{202f}; la valeur par défaut a été gardée")
            }
            Problem::NotANumber { value } => format!("{} n'est pas un nombre entier", q(value)),
            Problem::NotAFlag { value } => format!("{} devrait valoir on ou off", q(value)),
            Problem::UnknownSpeed { value } => {
                format!("{} n'est pas une vitesse\u{202f}; utilisez l'une de celles-ci\u{a0}: {}", q(value), SPEEDS.join(", "))
            }
            Problem::BadEndpoint => {
                "doit être une adresse http:// ou https:// sans nom d'utilisateur ni mot de passe".into()
            }
            Problem::BadModelName => "n'est pas un nom de modèle".into(),
            Problem::UnknownPace { value } => format!("{} n'est pas un rythme\u{202f}; utilisez timed ou narrate", q(value)),
            Problem::UnknownMode { value } => format!("{} n'est pas un mode\u{202f}; utilisez embed ou present", q(value)),
            Problem::UnknownLang { value } => {
                format!("{} n'est pas une langue que cette page propose déjà\u{202f}; l'anglais est utilisé", q(value))
            }
            Problem::KeyInLink => {
                "ressemble à une clé d'API\u{202f}; une clé ne voyage jamais dans un lien, elle a donc été ignorée".into()
            }
            Problem::UnknownKey => "n'est pas un réglage que Rusty Lock connaît".into(),
            Problem::ModelWithoutEndpoint => {
                "nomme un modèle mais aucun endpoint\u{202f}; le modèle intégré est utilisé".into()
            }
            Problem::UnknownPolicy { value } => format!(
                "{} n'est pas une politique\u{202f}; utilisez none, exponential, full, equal, decorrelated ou yours",
                q(value)
            ),
            Problem::UnknownLayer { value } => format!(
                "{} n'est pas une couche\u{202f}; utilisez model, code ou nobody\u{202f}; la leçon de l'enseignant n'a donc pas été créée",
                q(value)
            ),
            Problem::MissingExpect => "manque\u{a0}: une leçon d'enseignant a besoin de la couche qui la gère (model, code ou nobody)\u{202f}; ses textes n'ont pas été utilisés".into(),
            Problem::TextTooLong { max } => {
                format!("dépasse {} caractères\u{202f}; seul son début a été gardé", count(*max as u64))
            }
            Problem::TextCleaned => {
                "contenait des caractères de contrôle ou de direction\u{202f}; ils ont été retirés".into()
            }
            Problem::OwnLessonInstead { value } => format!(
                "{} cède la place à la leçon de l'enseignant contenue dans ce lien\u{202f}; ses réglages sont gardés",
                q(value)
            ),
            Problem::NotALessonLink { value } => format!(
                "{} n'est pas le lien d'une leçon d'enseignant (il n'a pas de expect=)\u{202f}; il a été laissé de côté",
                q(value)
            ),
            Problem::TooManyExtras { max } => {
                format!("contient plus de {max} leçons d'enseignant\u{202f}; les autres ont été laissées de côté")
            }
        }
    }
}

/// The secrets a tool error let into the history, as one list: the log and the verdict both say it.
fn secret_list(secrets: &[Secret]) -> String {
    let names: Vec<&str> = secrets
        .iter()
        .map(|s| match s {
            Secret::StackTrace => "une stack trace",
            Secret::FilePath => "un chemin de fichier",
            Secret::ConnectionString => "une chaîne de connexion avec son mot de passe",
        })
        .collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.to_string(),
        [head @ .., last] => format!("{} et {last}", head.join(", ")),
    }
}
