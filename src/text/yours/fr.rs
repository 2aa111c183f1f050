//! Your own loop's words in French.

use crate::text::fr::Fr;
use crate::text::{Core, Yours, YoursLabels};

pub static YOURS: YoursLabels = YoursLabels {
    yours_title: "Votre propre boucle",
    yours_tagline: "Collez votre boucle d'agent, regardez-la affronter chaque panne et recevez son bulletin.",
    yours_back: "Retour au terrain de jeu",
    yours_editor_label: "Votre boucle d'agent, en JavaScript ou TypeScript",
    yours_run: "Lancer",
    yours_stop: "Arrêter",
    yours_card: "Bulletin",
    yours_reset_code: "Code de départ",
    yours_loading_editor: "Chargement de l'éditeur…",
    yours_editor_missing: "L'éditeur de code n'a pas pu être récupéré\u{a0}: voici une simple zone de texte. Votre code s'exécute de la même façon.",
    yours_sandbox_missing: "Le bac à sable qui exécute votre code n'a pas pu être récupéré. Vérifiez la connexion et relancez.",
    yours_stripper_missing: "La partie qui lit le TypeScript n'a pas pu être récupérée. Vérifiez la connexion et relancez.",
    yours_provides_title: "Ce que la page donne à votre code",
    yours_provides_llm: "LLM\u{a0}: une URL de base, un nom de modèle et une clé factice. Aucune vraie clé n'atteint votre code.",
    yours_provides_fetch: "fetch\u{a0}: c'est le serveur compatible OpenAI de la page qui répond, quel que soit l'hôte. Rien ne part sur le réseau.",
    yours_provides_tools: "look_at et use (aussi dans tools, avec lookAt), asynchrones\u{a0}: ils donnent le résultat ou lèvent l'erreur de l'outil. toolSchemas\u{a0}: leurs schémas JSON.",
    yours_provides_time: "setTimeout, Date.now, performance.now et AbortSignal.timeout en temps virtuel\u{a0}: attendre 4\u{a0}secondes ne coûte rien pendant le bulletin, et se joue à son rythme dans la scène.",
    yours_provides_random: "Math.random, amorcé par le lien, pour qu'une exécution se rejoue à l'identique.",
    yours_provides_end: "Définissez runAgent(task)\u{a0}: la page l'appelle avec TASK. Ce qu'elle renvoie est la réponse\u{a0}; ce qu'elle lève termine l'exécution.",
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
    yours_reference_name: "la boucle robuste de la page",
    yours_perfect: "Un bulletin parfait\u{a0}: chaque panne a été traitée par la bonne couche.",
};

impl Yours for Fr {
    fn yours_strip_error(&self, message: &str, line: u32, column: u32) -> String {
        format!("Votre code n'a pas pu être lu à la ligne {line}, colonne {column}\u{a0}: {message}")
    }
    fn yours_blocked(&self, budget_ms: u64) -> String {
        format!("Votre code n'a pas rendu la main en {}\u{a0}: son bac à sable a été démonté.", self.duration(budget_ms))
    }
    fn yours_too_long(&self, chars: usize, max: usize) -> String {
        format!("Votre code donne un lien de {chars}\u{a0}caractères, plus que les {max} qu'un lien peut porter sans risque. Enregistrez-le plutôt dans un fichier.")
    }
    fn yours_cost(&self, requests: u32, virtual_ms: u64) -> String {
        let calls = if requests <= 1 { format!("{requests}\u{a0}requête") } else { format!("{requests}\u{a0}requêtes") };
        format!("{calls}, {}", self.duration(virtual_ms))
    }
    fn yours_card_count(&self, passed: usize, total: usize) -> String {
        format!("{passed} pannes sur {total} traitées par la bonne couche.")
    }
    fn yours_grading(&self, done: usize, total: usize) -> String {
        format!("Évaluation\u{a0}: {done} sur {total}…")
    }
}
